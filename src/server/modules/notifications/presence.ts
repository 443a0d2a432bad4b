import { sql } from "drizzle-orm";
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
