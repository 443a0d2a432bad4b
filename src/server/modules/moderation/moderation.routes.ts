import { z } from "zod";
import { DEFAULT_AVATAR_IMAGE, NEXT_CURSOR_HEADER } from "#shared/constants.ts";
import {
  type LogEntry,
  LogEntrySchema,
  LogQuerySchema,
  type Report,
  ReportInputSchema,
  ReportListQuerySchema,
  ReportSchema,
  RoleChangeSchema,
  type TeamMember,
  TeamMemberSchema,
} from "#shared/schemas/moderation.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/create-router.ts";
import { badQueryParameter, HttpError } from "../../lib/errors.ts";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { requireRole, requireUser } from "../../lib/session.ts";
import { imageUrls } from "../../lib/urls.ts";
import { type LogRow, readLog } from "./log.ts";
import { fileReport, listMyReports, REPORTS_PER_DAY, ReportRefusal, type ReportRow } from "./reports.ts";
import { changeModerator, findMemberByHandle, listTeam, RoleRefusal, type TeamRow } from "./team.ts";

const DAY_MS = 24 * 60 * 60_000;
const handleParam = z.object({ handle: z.string().meta({ description: "The gardener's handle" }) });

function toTeamMember(row: TeamRow, imageUrl: (stored: string) => string): TeamMember {
  return {
    handle: row.handle,
    name: row.name,
    image: imageUrl(row.image || DEFAULT_AVATAR_IMAGE),
    role: row.role,
  };
}

function toLogEntry(row: LogRow): LogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { handle: row.actorHandle, name: row.actorName },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    member: row.subjectName === null ? null : { handle: row.subjectHandle, name: row.subjectName },
    reason: row.reason,
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
  };
}

const VERIFY_FIRST = "Verify your e-mail address before you report: use the link we sent you";

function toReport(row: ReportRow): Report {
  return {
    _id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    status: row.state,
    outcome: row.outcome,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const reportRoute = apiRoute({
  method: "post",
  path: "/reports",
  operationId: "fileReport",
  tags: ["Moderation"],
  summary: "Report a tip, a comment, a gardener page or a photo",
  description: `Members whose e-mail is verified (422 before). \`targetId\` is a tip's or comment's _id, a gardener's handle, or an uploaded photo's URL or hash; an item the caller may not see is 404, their own is 422. One open report per member and item: reporting it again answers the open report with 200. At most ${REPORTS_PER_DAY} reports in any 24 hours (429, with Retry-After). The moderators decide; the outcome shows in GET /reports/mine.`,
  middleware: [requireUser("Sign in to report")] as const,
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
      429: `Too many reports (at most ${REPORTS_PER_DAY} in 24 hours)`,
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

function refused(error: unknown): never {
  if (error instanceof RoleRefusal) throw new HttpError(error.status, error.message);
  throw error;
}

export const moderationRouter = createRouter()
  .openapi(reportRoute, async (c) => {
    const { user } = c.var;
    if (!user.emailVerified) throw new HttpError(422, VERIFY_FIRST);
    const input = c.req.valid("json");
    try {
      const { row, created } = await fileReport(c.var.db, { ...input, reporterId: user.id });
      return created ? c.json(toReport(row), 201) : c.json(toReport(row), 200);
    } catch (error) {
      if (!(error instanceof ReportRefusal)) throw error;
      if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
      throw new HttpError(error.status, error.message);
    }
  })
  .openapi(myReportsRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const { rows, more } = await listMyReports(c.var.db, c.var.user.id, { limit, after: cursor });
    const last = rows.at(-1);
    if (more && last) c.header(NEXT_CURSOR_HEADER, last.id);
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
    }).catch(refused);
    return c.json(toTeamMember(result.row, imageUrls(c)), 200);
  })
  .openapi(logRoute, async (c) => {
    const query = c.req.valid("query");
    const idOf = async (name: "moderator" | "member") => {
      const handle = query[name];
      if (!handle) return undefined;
      const row = await findMemberByHandle(c.var.db, handle);
      if (!row) throw badQueryParameter(name, "no gardener has this handle");
      return row.id;
    };
    const { rows, more } = await readLog(c.var.db, {
      actorId: await idOf("moderator"),
      subjectId: await idOf("member"),
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      until: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
      before: query.cursor === undefined ? undefined : Number(query.cursor),
      limit: query.limit,
    });
    const last = rows.at(-1);
    if (more && last) c.header(NEXT_CURSOR_HEADER, String(last.id));
    return c.json(rows.map(toLogEntry), 200);
  });
