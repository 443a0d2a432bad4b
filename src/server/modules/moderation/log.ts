import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { moderationLog, users } from "../../db/schema.ts";

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
}

/** Appends one action to the moderation log, in the transaction that makes the change it records. */
export async function appendLog(db: Pick<Db, "insert">, entry: LogWrite): Promise<void> {
  await db.insert(moderationLog).values({
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
  });
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
