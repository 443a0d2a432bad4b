import { z } from "zod";
import { DEFAULT_AVATAR_IMAGE, NEXT_CURSOR_HEADER } from "#shared/constants.ts";
import {
  type LogEntry,
  LogEntrySchema,
  LogQuerySchema,
  RoleChangeSchema,
  type TeamMember,
  TeamMemberSchema,
} from "#shared/schemas/moderation.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/create-router.ts";
import { badQueryParameter, HttpError } from "../../lib/errors.ts";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { requireRole } from "../../lib/session.ts";
import { imageUrls } from "../../lib/urls.ts";
import { type LogRow, readLog } from "./log.ts";
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
