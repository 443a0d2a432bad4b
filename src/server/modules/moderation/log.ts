import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { moderationCases, moderationLog, users } from "../../db/schema.ts";

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

export interface LogFilter {
  /** Account ids, already found from the handles asked for. */
  actorId?: string;
  subjectId?: string;
  /** From this instant, and before this one. */
  from?: Date;
  until?: Date;
  /** Entries older than this id (the previous page's last). */
  before?: number;
  limit: number;
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

/** Newest first; one more row than asked, to know whether a next page exists. */
export async function readLog(db: Db, filter: LogFilter) {
  const actor = sql<
    string | null
  >`(select ${users.handle} from ${users} where ${users.id} = ${moderationLog.actorId})`;
  const subject = sql<
    string | null
  >`(select ${users.handle} from ${users} where ${users.id} = ${moderationLog.subjectId})`;
  const rows = await db
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
    .where(
      and(
        filter.actorId ? eq(moderationLog.actorId, filter.actorId) : undefined,
        filter.subjectId ? eq(moderationLog.subjectId, filter.subjectId) : undefined,
        filter.from ? gte(moderationLog.at, filter.from) : undefined,
        filter.until ? lt(moderationLog.at, filter.until) : undefined,
        filter.before !== undefined ? lt(moderationLog.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(moderationLog.id))
    .limit(filter.limit + 1);
  return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
}

export type LogRow = Awaited<ReturnType<typeof readLog>>["rows"][number];
