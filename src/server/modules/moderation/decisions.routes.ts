import { z } from "zod";
import { SUSPENSION_HOURS } from "#shared/constants.ts";
import {
  DecisionInputSchema,
  DecisionSchema,
  LogEntrySchema,
  UndoInputSchema,
} from "#shared/schemas/moderation.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireRole } from "../../lib/security/session.ts";
import { DEFAULT_BASE_URL } from "../../lib/urls.ts";
import { decideAndTell, NO_CASE } from "./decisions.ts";
import { toDecision, toLogEntry } from "./moderation-dto.ts";
import { NO_LOG_ENTRY, undoDecision } from "./undo.ts";

const caseParam = idParam("queue item", NO_CASE);

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

export const decisionsRouter = createRouter()
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
  });
