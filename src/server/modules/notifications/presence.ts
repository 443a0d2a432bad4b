import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { memberPresence } from "../../db/schema.ts";

/** A member's presence is written at most this often by one server: their page asks far more often. */
const NOTE_EVERY_MS = 60_000;
/** Past this many members the throttle forgets and starts again, so it never grows without end. */
const REMEMBERED = 50_000;

const notedAt = new Map<string, number>();

/**
 * Notes that the member has a page of the site open now (ADR 081): the bell's stream while it is open and
 * its polling call this. A member seen after a notification came is not e-mailed about it.
 */
export async function notePresence(db: Db, userId: string): Promise<void> {
  const now = Date.now();
  if (now - (notedAt.get(userId) ?? 0) < NOTE_EVERY_MS) return;
  if (notedAt.size >= REMEMBERED) notedAt.clear();
  notedAt.set(userId, now);
  await db
    .insert(memberPresence)
    .values({ userId })
    .onConflictDoUpdate({ target: memberPresence.userId, set: { seenAt: sql`now()` } });
}

/**
 * Notes that the member has a page open for as long as an event stream lasts (at most `ms`): one write
 * when it opens, none while it stays open, so an idle stream costs the database nothing. Answers the
 * instant written, which `endPresence` takes back if the stream ends sooner.
 */
export async function presentUntil(db: Db, userId: string, ms: number): Promise<Date> {
  const until = new Date(Date.now() + ms);
  await db
    .insert(memberPresence)
    .values({ userId, seenAt: until })
    .onConflictDoUpdate({
      target: memberPresence.userId,
      set: { seenAt: sql`greatest(${memberPresence.seenAt}, excluded.seen_at)` },
    });
  return until;
}

/**
 * The stream that wrote `until` ended now: the member was here until now, unless another page of theirs
 * (another browser, another server's stream) has since promised longer.
 */
export async function endPresence(db: Db, userId: string, until: Date): Promise<void> {
  await db
    .update(memberPresence)
    .set({ seenAt: sql`now()` })
    .where(and(eq(memberPresence.userId, userId), eq(memberPresence.seenAt, until)));
}
