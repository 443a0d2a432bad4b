import { and, eq, isNull, sql } from "drizzle-orm";
import { REPORT_REASONS, type ReportReason, type ReportTarget, type Role } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { comments, moderationCases, photoHolds, reports, tips, users } from "../../db/schema.ts";
import { appendLog } from "./log.ts";

/** An item's open reports hide it once they weigh this much, from at least this many members. */
export const HIDE_AT = { weight: 4, reporters: 2 } as const;
/** Spam reports from this many members, on anything an account posted, put the account on hold. */
export const SPAM_REPORTERS_FOR_HOLD = 3;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The item a report is about, as stored: its id, and whose it is. */
export interface HeldTarget {
  type: ReportTarget;
  storedId: string;
  authorId: string;
}

/**
 * Puts the item on hold, with `reason`; false when it already was. Each kind keeps its hold where its
 * public reads look: on the tip, the comment, the account (its page) or the photo's hash.
 */
export async function holdItem(tx: Tx, target: HeldTarget, reason: ReportReason): Promise<boolean> {
  switch (target.type) {
    case "tip":
      return (
        (
          await tx
            .update(tips)
            .set({ hold: reason, holdReviewAskedAt: null })
            .where(and(eq(tips.id, target.storedId), isNull(tips.hold)))
            .returning({ id: tips.id })
        ).length > 0
      );
    case "comment":
      return (
        (
          await tx
            .update(comments)
            .set({ hold: reason, holdReviewAskedAt: null })
            .where(and(eq(comments.id, target.storedId), isNull(comments.hold)))
            .returning({ id: comments.id })
        ).length > 0
      );
    case "gardener":
      return (
        (
          await tx
            .update(users)
            .set({ pageHold: reason, pageHoldReviewAskedAt: null })
            .where(and(eq(users.id, target.storedId), isNull(users.pageHold)))
            .returning({ id: users.id })
        ).length > 0
      );
    case "photo":
      return (
        (
          await tx
            .insert(photoHolds)
            .values({ hash: target.storedId, reason })
            .onConflictDoNothing()
            .returning({ hash: photoHolds.hash })
        ).length > 0
      );
  }
}

/**
 * Takes, for the rest of the transaction, the lock on one author's reports: reports on their items and
 * decisions about them are weighed one at a time.
 */
export async function lockAuthor(tx: Pick<Tx, "execute">, authorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report-author:${authorId}`}))`);
}

/** How many members have open spam reports about anything the author posted. */
export async function spamReporters(tx: Pick<Tx, "select">, authorId: string): Promise<number> {
  const [row] = await tx
    .select({ reporters: sql<number>`count(distinct ${reports.reporterId})::int` })
    .from(reports)
    .where(and(eq(reports.authorId, authorId), eq(reports.reason, "spam"), eq(reports.state, "open")));
  return row?.reporters ?? 0;
}

/** The item's open case, opened now if it has none (the caller holds the lock on the item's author). */
export async function openCase(tx: Tx, target: HeldTarget): Promise<string> {
  const [open] = await tx
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.targetType, target.type),
        eq(moderationCases.targetId, target.storedId),
        eq(moderationCases.state, "open"),
        isNull(moderationCases.appealOf),
      ),
    );
  if (open) return open.id;
  const [opened] = await tx
    .insert(moderationCases)
    .values({ targetType: target.type, targetId: target.storedId, authorId: target.authorId })
    .returning({ id: moderationCases.id });
  if (!opened) throw new Error("The case was not opened");
  return opened.id;
}

/** The heaviest reason among the reports, ties going to the first in REPORT_REASONS' order. */
export function heaviestReason(
  byReason: ReadonlyArray<{ reason: ReportReason; weight: number }>,
): ReportReason {
  let best: { reason: ReportReason; weight: number } | null = null;
  for (const reason of REPORT_REASONS) {
    const weight = byReason.filter((row) => row.reason === reason).reduce((sum, row) => sum + row.weight, 0);
    if (weight > 0 && (!best || weight > best.weight)) best = { reason, weight };
  }
  return best?.reason ?? "other";
}

async function nameOf(tx: Tx, id: string): Promise<{ id: string; name: string }> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return { id, name: row?.name ?? "" };
}

/**
 * What a report just filed does, in its transaction, which holds the lock on its item's author (so the
 * reports on one author's items are weighed one at a time): a moderator's report hides the item at once;
 * otherwise the item's open reports hide it once they reach HIDE_AT; and spam reports from
 * SPAM_REPORTERS_FOR_HOLD members on anything the author posted put the author's account on hold. Each
 * change goes into the moderation log as the site's own ("system").
 */
export async function weighReports(
  tx: Tx,
  target: HeldTarget,
  report: { reason: ReportReason; reporterRole: Role },
): Promise<void> {
  const open = and(
    eq(reports.targetType, target.type),
    eq(reports.targetId, target.storedId),
    eq(reports.state, "open"),
  );
  const byReason = await tx
    .select({
      reason: reports.reason,
      weight: sql<number>`sum(${reports.weight})::int`,
      reporters: sql<string[]>`array_agg(distinct ${reports.reporterId})`,
    })
    .from(reports)
    .where(open)
    .groupBy(reports.reason);
  const weight = byReason.reduce((sum, row) => sum + row.weight, 0);
  const reporters = new Set(byReason.flatMap((row) => row.reporters)).size;
  const byModerator = report.reporterRole !== "member";
  if (byModerator || (weight >= HIDE_AT.weight && reporters >= HIDE_AT.reporters)) {
    const reason = byModerator ? report.reason : heaviestReason(byReason);
    if (await holdItem(tx, target, reason))
      await appendLog(tx, {
        actor: "system",
        action: "hide",
        target: { type: target.type, id: target.storedId },
        subject: await nameOf(tx, target.authorId),
        reason: byModerator
          ? `Reported by a moderator (${reason})`
          : `Reports weighing ${weight} from ${reporters} members (${reason})`,
        before: { hidden: false },
        after: { hidden: true, reason },
      });
  }
  if (report.reason !== "spam") return;
  const spam = await spamReporters(tx, target.authorId);
  if (spam < SPAM_REPORTERS_FOR_HOLD) return;
  const held = await tx
    .update(users)
    .set({ held: true })
    .where(and(eq(users.id, target.authorId), eq(users.held, false)))
    .returning({ id: users.id });
  if (held.length > 0)
    await appendLog(tx, {
      actor: "system",
      action: "hold_account",
      target: { type: "member", id: target.authorId },
      subject: await nameOf(tx, target.authorId),
      reason: `Spam reports from ${spam} members`,
      before: { held: false },
      after: { held: true },
    });
}
