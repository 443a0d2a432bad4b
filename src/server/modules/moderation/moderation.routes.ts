import { z } from "zod";
import {
  APPEAL_DAYS,
  NEXT_CURSOR_HEADER,
  OVERDUE_REPORT_HOURS,
  SUSPENSION_HOURS,
} from "#shared/constants.ts";
import {
  AppealInputSchema,
  AppealSchema,
  DecisionInputSchema,
  DecisionSchema,
  LogEntrySchema,
  LogQuerySchema,
  NoticeLookupSchema,
  NoticeSchema,
  QueueCountSchema,
  QueueItemSchema,
  QueueQuerySchema,
  RemovalCountSchema,
  ReportInputSchema,
  ReportListQuerySchema,
  ReportSchema,
  RoleChangeSchema,
  TeamMemberSchema,
  UndoInputSchema,
} from "#shared/schemas/moderation.ts";
import type { AppEnv, SignedInEnv } from "../../lib/app-env.ts";
import { addressTag, clientIp } from "../../lib/client-ip.ts";
import { createRouter } from "../../lib/create-router.ts";
import { idParam } from "../../lib/ids.ts";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { getSessionUser, optionalUser, requirePoster, requireRole, requireUser } from "../../lib/session.ts";
import { DEFAULT_BASE_URL, imageUrls } from "../../lib/urls.ts";
import { appealDecision } from "./appeals.ts";
import { decideAndTell, NO_CASE } from "./decisions.ts";
import { HIDE_AT, SPAM_REPORTERS_FOR_HOLD } from "./holds.ts";
import { readLog } from "./log.ts";
import {
  toAppeal,
  toDecision,
  toLogEntry,
  toNotice,
  toQueueItem,
  toReport,
  toTeamMember,
} from "./moderation-dto.ts";
import { LINK_GONE, listNotices, markNoticeSeen, NO_NOTICE, noticeByToken } from "./notices.ts";
import { countWaiting, readQueue } from "./queue.ts";
import { countRemovals, REMOVAL_MONTHS } from "./removals.ts";
import {
  fileReport,
  listMyReports,
  REPORTS_PER_ADDRESS_PER_DAY,
  REPORTS_PER_DAY,
  TooManyReports,
  VERIFY_FIRST,
} from "./reports.ts";
import { changeModerator, listTeam } from "./team.ts";
import { NO_LOG_ENTRY, undoDecision } from "./undo.ts";

const handleParam = z.object({ handle: z.string().meta({ description: "The gardener's handle" }) });

const reportRoute = apiRoute({
  method: "post",
  path: "/reports",
  operationId: "fileReport",
  tags: ["Moderation"],
  summary: "Report a tip, a comment, a gardener page or a photo",
  description: `Members whose e-mail is verified (422 before). \`targetId\` is a tip's or comment's _id, a gardener's handle, or an uploaded photo's URL or hash; an item the caller may not see is 404, their own is 422. One open report per member and item: reporting it again answers the open report with 200. At most ${REPORTS_PER_DAY} reports in any 24 hours per member and ${REPORTS_PER_ADDRESS_PER_DAY} per address (429, with Retry-After). An item whose open reports weigh ${HIDE_AT.weight} or more from ${HIDE_AT.reporters} or more members, or that a moderator reports, is hidden pending review at once: only an established member's report weighs (2; anyone else's 0, reaching the queue only), and reports from one address count once. Spam reports from ${SPAM_REPORTERS_FOR_HOLD} such members on anything an account younger than 30 days posted put that account on hold. The moderators decide; the outcome shows in GET /reports/mine.`,
  middleware: [requirePoster("Sign in to report")] as const,
  request: { body: { content: { "application/json": { schema: ReportInputSchema } }, required: true } },
  responses: {
    201: { description: "The report, filed", content: { "application/json": { schema: ReportSchema } } },
    200: {
      description: "Your open report of this item, already filed",
      content: { "application/json": { schema: ReportSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No such item, or not one the caller may see",
      422: `${VERIFY_FIRST}; or the item is the caller's own`,
      429: `Too many reports (at most ${REPORTS_PER_DAY} in 24 hours per member, ${REPORTS_PER_ADDRESS_PER_DAY} per address)`,
    }),
  },
});

const myReportsRoute = apiRoute({
  method: "get",
  path: "/reports/mine",
  operationId: "listMyReports",
  tags: ["Moderation"],
  summary: "Your reports and what became of them",
  description:
    "Newest first, 50 a page: pass X-Next-Cursor back as `cursor` for the next. Each says whether it is still open and, once decided, the outcome: `removed` (we removed it) or `kept` (we reviewed it and left it up).",
  middleware: [requireUser("Sign in to see your reports")] as const,
  request: { query: ReportListQuerySchema },
  responses: {
    200: {
      description: "One page of your reports",
      headers: z.object({
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(ReportSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

const teamRoute = apiRoute({
  method: "get",
  path: "/moderation/team",
  operationId: "listModerationTeam",
  tags: ["Moderation"],
  summary: "The moderation team",
  description: "Administrators first, then moderators, each by name. For moderators and administrators.",
  middleware: [requireRole("moderator", "Sign in to see the moderation team")] as const,
  responses: {
    200: {
      description: "Administrators and moderators",
      content: { "application/json": { schema: z.array(TeamMemberSchema) } },
    },
  },
});

const roleRoute = apiRoute({
  method: "put",
  path: "/moderation/roles/{handle}",
  operationId: "setModeratorRole",
  tags: ["Moderation"],
  summary: "Appoint a moderator, or end the appointment",
  description:
    "Administrators only. `moderator` appoints the account, which must have a verified e-mail; `member` ends its appointment. Asking for the role it already has changes nothing. Each change and its reason go into the moderation log, and the member's sessions see the new role at once. Administrators are named by ADMIN_EMAILS: their role is not changed here (409).",
  middleware: [
    requireRole("administrator", "Sign in to appoint moderators"),
    rateLimit<SignedInEnv>("moderate", (c) => c.var.user.id),
  ] as const,
  request: {
    params: handleParam,
    body: { content: { "application/json": { schema: RoleChangeSchema } }, required: true },
  },
  responses: {
    200: {
      description: "The account with its role",
      content: { "application/json": { schema: TeamMemberSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No gardener has this handle",
      409: "The account is an administrator (ADMIN_EMAILS decides its role)",
      422: "The account's e-mail is not verified",
    }),
  },
});

const logRoute = apiRoute({
  method: "get",
  path: "/moderation/log",
  operationId: "readModerationLog",
  tags: ["Moderation"],
  summary: "The moderation log",
  description:
    'Every moderation action, the site\'s own included (actor "system", no handle), newest first, 50 a page: pass X-Next-Cursor back as `cursor` for the next. Filter by `moderator` (who acted), `member` (whom it concerned), both handles, and `from`/`to` days (UTC, both included). Nothing can change or remove an entry. For moderators and administrators.',
  middleware: [requireRole("moderator", "Sign in to read the moderation log")] as const,
  request: { query: LogQuerySchema },
  responses: {
    200: {
      description: "One page of the log",
      headers: z.object({
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(LogEntrySchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters, or a handle no gardener has" }),
  },
});

const undoRoute = apiRoute({
  method: "post",
  path: "/moderation/log/{id}/undo",
  operationId: "undoModerationDecision",
  tags: ["Moderation"],
  summary: "Undo a moderator's decision",
  description:
    "Administrators only, in one step from the decision's log entry (its `undoable` says whether it may be). A dismissal's reports go back into the queue (the item hidden again if the dismissal showed it); a hide, warning, suspension or kept hold is reversed: the item shows again unless newer reports hold it, the suspension ends, the kept hold lifts. The undoing goes into the log with its reason; nobody is e-mailed again, and the decision can no longer be appealed. 409 for a deletion (the item is gone), an appeal's answer, a decision replaced or undone already, appealed (decide the appeal) or reversed on appeal; 403 for a decision about oneself.",
  middleware: [
    requireRole("administrator", "Sign in to undo a decision"),
    rateLimit<SignedInEnv>("decide", (c) => c.var.user.id),
  ] as const,
  request: {
    params: z.object({
      id: z
        .string()
        .refine((id) => /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647, {
          message: NO_LOG_ENTRY,
        })
        .meta({ description: "The decision's log entry id" }),
    }),
    body: { content: { "application/json": { schema: UndoInputSchema } }, required: true },
  },
  responses: {
    201: {
      description: "The log entry that records the undoing",
      content: { "application/json": { schema: LogEntrySchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No such log entry",
      409: "The decision cannot be undone: the message says why",
    }),
  },
});

const caseParam = idParam("queue item", NO_CASE);

const removalsRoute = apiRoute({
  method: "get",
  path: "/moderation/removals",
  operationId: "countModerationRemovals",
  tags: ["Moderation"],
  summary: "Removals by month and reason",
  description: `Public. For the last ${REMOVAL_MONTHS} months (UTC), newest first: how many items the moderators hid or removed, by the reports' reason, leaving out decisions reversed on appeal or undone by an administrator. Counts only: no names, no items. Months and reasons without removals are left out.`,
  responses: {
    200: {
      description: "The counts",
      content: { "application/json": { schema: z.array(RemovalCountSchema) } },
    },
  },
});

const noticesRoute = apiRoute({
  method: "get",
  path: "/moderation/notices",
  operationId: "listModerationNotices",
  tags: ["Moderation"],
  summary: "Decisions about what you posted",
  description: `Every moderator decision about your tips, comments, page and photos, newest first (at most 50), each with the moderator's reason, whether you have seen it, and your appeal: a decision may be appealed once within ${APPEAL_DAYS} days (not a dismissal, nor the answer to an appeal).`,
  middleware: [requireUser("Sign in to see decisions about what you posted")] as const,
  responses: {
    200: {
      description: "The decisions, newest first",
      content: { "application/json": { schema: z.array(NoticeSchema) } },
    },
  },
});

const noticeSeenRoute = apiRoute({
  method: "post",
  path: "/moderation/notices/{id}/seen",
  operationId: "markModerationNoticeSeen",
  tags: ["Moderation"],
  summary: "Mark a decision seen",
  description: "The site stops pointing it out. Marking it again changes nothing.",
  middleware: [requireUser("Sign in to see decisions about what you posted")] as const,
  request: { params: idParam("notice", NO_NOTICE) },
  responses: {
    204: { description: "Seen" },
    ...errorResponses({ 404: "You have no such notice" }),
  },
});

const noticeLookupRoute = apiRoute({
  method: "post",
  path: "/moderation/notices/lookup",
  operationId: "readModerationNoticeByToken",
  tags: ["Moderation"],
  summary: "A decision, by its e-mail's appeal link",
  description:
    "For an author who cannot sign in (a suspended one): the token from the decision e-mail's link answers that one decision, and marks it seen. A link stops working when a newer e-mail about the decision is sent.",
  middleware: [rateLimit<AppEnv>("appeal", () => null)] as const,
  request: { body: { content: { "application/json": { schema: NoticeLookupSchema } }, required: true } },
  responses: {
    200: { description: "The decision", content: { "application/json": { schema: NoticeSchema } } },
    ...errorResponses({ 400: "Invalid fields, each named in issues", 404: LINK_GONE }),
  },
});

const appealRoute = apiRoute({
  method: "post",
  path: "/moderation/appeals",
  operationId: "fileAppeal",
  tags: ["Moderation"],
  summary: "Appeal a decision about what you posted",
  description: `The item's author, signed in or with the token of the decision e-mail's link (a suspended author cannot sign in), asks the moderators to reverse a decision: it goes back into their queue with \`note\`. Once per decision, within ${APPEAL_DAYS} days; a dismissal (the item stayed up) and the answer to an appeal are not appealed. The answer comes as another decision, told in the site and by e-mail.`,
  middleware: [optionalUser(), rateLimit<AppEnv>("appeal", () => null)] as const,
  request: { body: { content: { "application/json": { schema: AppealInputSchema } }, required: true } },
  responses: {
    201: {
      description: "The appeal, in the queue",
      content: { "application/json": { schema: AppealSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      401: "Neither signed in nor a token",
      404: "No such decision about something you posted, or a link that no longer works",
      409: "Appealed already",
      422: `Not a decision that may be appealed, or more than ${APPEAL_DAYS} days old`,
    }),
  },
});

const queueRoute = apiRoute({
  method: "get",
  path: "/moderation/queue",
  operationId: "readModerationQueue",
  tags: ["Moderation"],
  summary: "The moderation queue",
  description: `Reported items waiting for a decision, heaviest first (the weight of their open reports), then the longest waiting. Each with its reports, the item as it is now, its author and the author's earlier decisions; \`overdue\` marks those waiting more than ${OVERDUE_REPORT_HOURS} hours. For moderators and administrators.`,
  middleware: [requireRole("moderator", "Sign in to see the moderation queue")] as const,
  request: { query: QueueQuerySchema },
  responses: {
    200: {
      description: "The open cases",
      content: { "application/json": { schema: z.array(QueueItemSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

const queueCountRoute = apiRoute({
  method: "get",
  path: "/moderation/queue/count",
  operationId: "countModerationQueue",
  tags: ["Moderation"],
  summary: "How many cases wait",
  description:
    "The number of open cases the caller may decide (not those about themselves; those about the team only to administrators), as the header's Moderation (N waiting) shows it. For moderators and administrators.",
  middleware: [requireRole("moderator", "Sign in to see the moderation queue")] as const,
  responses: {
    200: { description: "The number waiting", content: { "application/json": { schema: QueueCountSchema } } },
    ...errorResponses({}),
  },
});

const decisionRoute = apiRoute({
  method: "post",
  path: "/moderation/queue/{id}/decision",
  operationId: "decideModerationCase",
  tags: ["Moderation"],
  summary: "Decide a reported item",
  description: `\`dismiss\` shows it again and tells the reporters it was left up; \`hide\` keeps it hidden; \`delete\` removes it; \`warn\` hides it and warns its author; \`suspend\` hides it and suspends its author for \`durationHours\` (${SUSPENSION_HOURS.join(", ")}; left out for indefinitely), ending their sessions; \`keep_hold\` hides it and keeps the hold reports put on its author's account (422 when the account is not on such a hold), which then does not lapse: only the decision's appeal or an administrator's undo lifts it. Every other decision but \`suspend\` ends that hold. Each needs a reason, which goes into the moderation log. The item is decided once: a second decision, even at the same moment, gets 409 with the first. For moderators and administrators; 403 for a case about oneself (another moderator decides it), for a moderator's case about a member of the team (an administrator decides it), and for suspending an administrator.`,
  middleware: [
    requireRole("moderator", "Sign in to moderate"),
    rateLimit<SignedInEnv>("decide", (c) => c.var.user.id),
  ] as const,
  request: {
    params: caseParam,
    body: { content: { "application/json": { schema: DecisionInputSchema } }, required: true },
  },
  responses: {
    200: { description: "The decision", content: { "application/json": { schema: DecisionSchema } } },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No such queue item",
      409: "Already decided: the message says what, by whom and why",
      422: "keep_hold on an account that reports did not put on hold",
    }),
  },
});

export const moderationRouter = createRouter()
  .openapi(reportRoute, async (c) => {
    const { user } = c.var;
    try {
      const { report, created } = await fileReport(c.var.db, {
        ...c.req.valid("json"),
        reporterId: user.id,
        reporterVerified: user.emailVerified,
        reporterRole: user.role,
        reporterAddress: addressTag(clientIp(c, c.var.limiter.options.trustProxy)),
      });
      return created
        ? c.json(toReport(report), 201)
        : c.json({ ...toReport(report), alreadyReported: true }, 200);
    } catch (error) {
      if (error instanceof TooManyReports) c.header("Retry-After", String(error.retryAfterSeconds));
      throw error;
    }
  })
  .openapi(myReportsRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const { rows, nextCursor } = await listMyReports(c.var.db, c.var.user.id, { limit, after: cursor });
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(rows.map(toReport), 200);
  })
  .openapi(teamRoute, async (c) => {
    const imageUrl = imageUrls(c);
    return c.json(
      (await listTeam(c.var.db)).map((row) => toTeamMember(row, imageUrl)),
      200,
    );
  })
  .openapi(roleRoute, async (c) => {
    const { user } = c.var;
    const { role, reason } = c.req.valid("json");
    const result = await changeModerator(c.var.db, {
      handle: c.req.valid("param").handle,
      appoint: role === "moderator",
      actor: { id: user.id, name: user.name },
      reason,
    });
    return c.json(toTeamMember(result.row, imageUrls(c)), 200);
  })
  .openapi(queueRoute, async (c) => {
    const imageUrl = imageUrls(c);
    const rows = await readQueue(c.var.db, {
      ...c.req.valid("query"),
      viewer: { id: c.var.user.id, role: c.var.user.role },
    });
    return c.json(
      rows.map((row) => toQueueItem(row, imageUrl)),
      200,
    );
  })
  .openapi(queueCountRoute, async (c) => {
    const waiting = await countWaiting(c.var.db, { id: c.var.user.id, role: c.var.user.role });
    return c.json({ waiting }, 200);
  })
  .openapi(decisionRoute, async (c) => {
    const { action, reason, durationHours } = c.req.valid("json");
    const { db, mailer, logger, config, user } = c.var;
    const decided = await decideAndTell(
      { db, mailer, logger, baseUrl: config.BASE_URL ?? DEFAULT_BASE_URL },
      {
        caseId: c.req.valid("param").id,
        moderator: { id: user.id, name: user.name, role: user.role },
        action,
        reason,
        suspensionHours: durationHours ?? null,
      },
    );
    return c.json(toDecision(decided), 200);
  })
  .openapi(undoRoute, async (c) => {
    const entry = await undoDecision(c.var.db, {
      logId: Number(c.req.valid("param").id),
      administrator: { id: c.var.user.id, name: c.var.user.name },
      reason: c.req.valid("json").reason,
    });
    return c.json(toLogEntry(entry), 201);
  })
  .openapi(removalsRoute, async (c) => {
    // The same for everyone, and a few minutes old is fine.
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await countRemovals(c.var.db), 200);
  })
  .openapi(noticesRoute, async (c) => {
    const views = await listNotices(c.var.db, c.var.user.id, { limit: 50 });
    return c.json(views.map(toNotice), 200);
  })
  .openapi(noticeSeenRoute, async (c) => {
    await markNoticeSeen(c.var.db, c.var.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(noticeLookupRoute, async (c) => {
    return c.json(toNotice(await noticeByToken(c.var.db, c.req.valid("json").token)), 200);
  })
  .openapi(appealRoute, async (c) => {
    const appeal = await appealDecision(c.var.db, {
      ...c.req.valid("json"),
      signedIn: () => getSessionUser(c),
    });
    return c.json(toAppeal(appeal), 201);
  })
  .openapi(logRoute, async (c) => {
    const { rows, nextCursor } = await readLog(c.var.db, c.req.valid("query"));
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(rows.map(toLogEntry), 200);
  });
