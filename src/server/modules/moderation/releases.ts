import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { comments, moderationCases, photoHolds, tips, users } from "../../db/schema.ts";
import type { CaseRow } from "./case-row.ts";
import type { HeldTarget, Tx } from "./holds.ts";
import { appendLog } from "./log.ts";

// What ends a hold or a suspension: a decision that shows an item again, an appeal granted, an undoing,
// and the sweep's timed ends. Kept apart from deciding, which is one of several callers.

/** Shows the item again: its hold lifted, and the author's one change to ask for it back unused. */
export async function releaseItem(tx: Tx, target: HeldTarget): Promise<void> {
  switch (target.type) {
    case "tip":
      await tx.update(tips).set({ hold: null, holdReviewAskedAt: null }).where(eq(tips.id, target.storedId));
      return;
    case "comment":
      await tx
        .update(comments)
        .set({ hold: null, holdReviewAskedAt: null })
        .where(eq(comments.id, target.storedId));
      return;
    case "gardener":
      await tx
        .update(users)
        .set({ pageHold: null, pageHoldReviewAskedAt: null })
        .where(eq(users.id, target.storedId));
      return;
    case "photo":
      await tx.delete(photoHolds).where(eq(photoHolds.hash, target.storedId));
      return;
  }
}

/** An account's hold ended, now: spam reports filed before this do not hold it again (holds.ts). */
const holdEnded = { held: false, heldAt: null, holdKeptAt: null, holdClearedAt: sql`now()` } as const;

/** A hold by reports that no moderator decides about lifts by itself this long after it began. */
export const HOLD_LAPSES_AFTER_HOURS = 72;

/**
 * Lifts the holds that reports put on accounts when no moderator decided within HOLD_LAPSES_AFTER_HOURS,
 * and any hold left with no open case about the account (a hold only exists to wait for a decision).
 * Each lift is in the moderation log as the site's own; `tell` is given each account after the commit.
 * Answers how many were lifted.
 */
export async function lapseHolds(
  db: Db,
  tell: (account: { id: string; name: string; email: string }) => Promise<void>,
): Promise<number> {
  const lifted = await db.transaction(async (tx) => {
    const released = await tx
      .update(users)
      .set(holdEnded)
      .where(
        and(
          eq(users.held, true),
          isNull(users.suspendedUntil),
          isNull(users.holdKeptAt),
          sql`(${users.heldAt} <= now() - make_interval(hours => ${HOLD_LAPSES_AFTER_HOURS})
            or not exists (select 1 from ${moderationCases} where ${moderationCases.authorId} = ${users.id} and ${moderationCases.state} = 'open'))`,
        ),
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    for (const account of released)
      await appendLog(tx, {
        actor: "system",
        action: "end_hold",
        target: { type: "member", id: account.id },
        subject: { id: account.id, name: account.name },
        reason: `No moderator confirmed the hold within ${HOLD_LAPSES_AFTER_HOURS} hours, or no case about the account is open`,
        before: { held: true },
        after: { held: false },
      });
    return released;
  });
  for (const account of lifted) await tell(account);
  return lifted.length;
}

/** When a suspend decision's suspension ends (from its decision's time), or null for indefinitely. */
export function suspensionEndOf(decided: Pick<CaseRow, "decidedAt" | "suspensionHours">): string | null {
  if (decided.suspensionHours === null) return null;
  return new Date(
    (decided.decidedAt?.getTime() ?? Date.now()) + decided.suspensionHours * 3_600_000,
  ).toISOString();
}

/**
 * Ends the suspension the appealed decision brought, now. Only that one: a later suspension (its end is
 * another) stays, whatever the old decision was.
 */
export async function liftSuspension(tx: Tx, appealed: CaseRow): Promise<void> {
  await tx
    .update(users)
    .set({ ...holdEnded, suspendedUntil: null })
    .where(
      and(
        eq(users.id, appealed.authorId),
        sql`${users.suspendedUntil} = ${suspensionEndOf(appealed) ?? "infinity"}::timestamptz`,
      ),
    );
}

/**
 * Ends the account's hold that reports put on it, when it is not a suspension (which has its own end):
 * every decision but a suspension or keep_hold ends it, since a moderator has now looked at the case
 * (ADR 049). A hold a moderator kept ends only when `endsKeptHold` (its appeal granted, or its undoing).
 */
export async function releaseAccountHold(
  tx: Tx,
  authorId: string,
  moderator: { id: string; name: string },
  {
    endsKeptHold = false,
    reason = "A moderator decided the case: the hold that reports put on the account ends",
  } = {},
) {
  const [released] = await tx
    .update(users)
    .set(holdEnded)
    .where(
      and(
        eq(users.id, authorId),
        eq(users.held, true),
        isNull(users.suspendedUntil),
        endsKeptHold ? undefined : isNull(users.holdKeptAt),
      ),
    )
    .returning({ name: users.name });
  if (!released) return;
  await appendLog(tx, {
    actor: moderator,
    action: "release_account",
    target: { type: "member", id: authorId },
    subject: { id: authorId, name: released.name },
    reason,
    before: { held: true },
    after: { held: false },
  });
}

/**
 * Ends the suspensions whose time has passed: the account may sign in and post again, and what it posted
 * shows again (items a moderator hid stay hidden). Each end is in the moderation log as the site's own.
 */
export async function endSuspensions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(users)
      .set({ ...holdEnded, suspendedUntil: null })
      .where(sql`${users.suspendedUntil} <= now()`)
      .returning({ id: users.id, name: users.name });
    for (const account of ended)
      await appendLog(tx, {
        actor: "system",
        action: "end_suspension",
        target: { type: "member", id: account.id },
        subject: { id: account.id, name: account.name },
        reason: "The suspension's time has passed",
        before: { held: true },
        after: { held: false },
      });
    return ended.length;
  });
}
