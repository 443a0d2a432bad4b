import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { asHandle } from "#shared/handles.ts";
import type { LogQuerySchema } from "#shared/schemas/moderation.ts";
import type { Db } from "../../db/client.ts";
import { moderationCases, moderationLog, users } from "../../db/schema.ts";
import { badQueryParameter } from "../../lib/requests/errors.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Who acted: an account, or the site itself (`system`). */
export type Actor = { id: string; name: string } | "system";

/** The name the log gives the site's own actions. */
const SYSTEM_ACTOR = "system";

export interface LogWrite {
  actor: Actor;
  action: string;
  target: { type: string; id: string };
  subject: { id: string; name: string } | null;
  reason: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The case a decision, or its undoing, was about. */
  caseId?: string | null;
}

/** Appends one action to the moderation log, in the transaction that makes the change it records; its id. */
export async function appendLog(db: Pick<Db, "insert">, entry: LogWrite): Promise<number> {
  const [logged] = await db
    .insert(moderationLog)
    .values({
      actorId: entry.actor === "system" ? null : entry.actor.id,
      actorName: entry.actor === "system" ? SYSTEM_ACTOR : entry.actor.name,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      subjectId: entry.subject?.id ?? null,
      subjectName: entry.subject?.name ?? null,
      reason: entry.reason,
      before: entry.before ?? null,
      after: entry.after ?? null,
      caseId: entry.caseId ?? null,
    })
    .returning({ id: moderationLog.id });
  if (!logged) throw new Error("The moderation log did not take the entry");
  return logged.id;
}

/** The decisions an administrator may undo (a deletion is final). */
export const UNDOABLE_DECISIONS = ["dismiss", "hide", "warn", "suspend", "keep_hold"] as const;

/**
 * Whether the entry is a decision an administrator may still undo (undo.ts says why when it is not): the
 * case's standing decision, not an appeal's answer, not undone, and neither appealed (and waiting) nor
 * reversed on appeal. The last entry about its case, so a decision replaced or undone since is not.
 */
const undoable = sql<boolean>`(${moderationLog.caseId} is not null
  and ${moderationLog.action} in (${sql.join(
    UNDOABLE_DECISIONS.map((action) => sql`${action}`),
    sql`, `,
  )})
  and exists (select 1 from ${moderationCases} c where c.id = ${moderationLog.caseId} and c.state = 'closed'
    and c.undone_at is null and c.appeal_of is null and c.decision::text = ${moderationLog.action}
    and not exists (select 1 from ${moderationCases} a where a.appeal_of = c.id and (a.state = 'open' or a.decision = 'dismiss')))
  and not exists (select 1 from ${moderationLog} later where later.case_id = ${moderationLog.caseId} and later.id > ${moderationLog.id}))`;

/** The log's entries that `where` picks, newest first, as a moderator reads them. */
function selectLog(db: Db, where: SQL | undefined, limit: number) {
  const actor = sql<
    string | null
  >`(select ${users.handle} from ${users} where ${users.id} = ${moderationLog.actorId})`;
  const subject = sql<
    string | null
  >`(select ${users.handle} from ${users} where ${users.id} = ${moderationLog.subjectId})`;
  return db
    .select({
      id: moderationLog.id,
      at: moderationLog.at,
      actorId: moderationLog.actorId,
      actorName: moderationLog.actorName,
      actorHandle: actor,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      subjectId: moderationLog.subjectId,
      subjectName: moderationLog.subjectName,
      subjectHandle: subject,
      reason: moderationLog.reason,
      before: moderationLog.before,
      after: moderationLog.after,
      undoable,
    })
    .from(moderationLog)
    .where(where)
    .orderBy(desc(moderationLog.id))
    .limit(limit);
}

export type LogRow = Awaited<ReturnType<typeof selectLog>>[number];

/** The id of the account with this handle, for a filter of the log; 400 when no gardener has it. */
async function accountOf(db: Db, parameter: "moderator" | "member", given: string | undefined) {
  if (!given) return undefined;
  const handle = asHandle(given);
  const [row] = handle
    ? await db.select({ id: users.id }).from(users).where(eq(users.handle, handle)).limit(1)
    : [];
  if (!row) throw badQueryParameter(parameter, "no gardener has this handle");
  return row.id;
}

/**
 * One page of the log as a moderator asks for it: by who acted (`moderator`), whom it concerned (`member`),
 * from and to a day (UTC, both included), and older than `cursor`; `nextCursor` is there when another page
 * follows.
 */
export async function readLog(
  db: Db,
  query: z.infer<typeof LogQuerySchema>,
): Promise<{ rows: LogRow[]; nextCursor?: string }> {
  const actorId = await accountOf(db, "moderator", query.moderator);
  const subjectId = await accountOf(db, "member", query.member);
  const rows = await selectLog(
    db,
    and(
      actorId ? eq(moderationLog.actorId, actorId) : undefined,
      subjectId ? eq(moderationLog.subjectId, subjectId) : undefined,
      query.from ? gte(moderationLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(moderationLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)) : undefined,
      query.cursor !== undefined ? lt(moderationLog.id, Number(query.cursor)) : undefined,
    ),
    // One more than asked, to know whether a next page follows.
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > query.limit && last ? String(last.id) : undefined };
}

/** The entry `id`, which its caller just wrote. */
export async function logEntry(db: Db, id: number): Promise<LogRow> {
  const [entry] = await selectLog(db, eq(moderationLog.id, id), 1);
  if (!entry) throw new Error(`The moderation log's entry ${id} was not found`);
  return entry;
}
