import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { REPORT_REASONS, type ReportReason, type ReportTarget, type Role } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { comments, moderationCases, photoHolds, reports, tips, users } from "../../db/schema.ts";
import { openCaseOf } from "../../lib/rules/hold-state.ts";
import { appendLog } from "./log.ts";

/**
 * An item's open reports hide it once they weigh this much, from at least this many members, counted
 * once per address (`countedReporters`).
 */
export const HIDE_AT = { weight: 4, reporters: 2 } as const;
/**
 * Spam reports that count, from this many members (once per address), on anything an account younger
 * than NEW_FOR_HOLD_DAYS posted, put the account on hold (ADR 049).
 */
export const SPAM_REPORTERS_FOR_HOLD = 3;
/** Only an account younger than this is put on hold by reports; an older one's items may still hide. */
const NEW_FOR_HOLD_DAYS = 30;

/** A report as it is counted: who sent it, from where, whose account was made where, and its weight. */
interface CountedReport {
  reporterId: string;
  reporterAddress: string | null;
  signupAddress: string | null;
  weight: number;
}

/**
 * How many members the reports count as: only reports that weigh something, and reporters who sent
 * them from one address, or whose accounts were made at one address, count once (a household, or one
 * person's many accounts). Reporters joined by either are one.
 */
function countedReporters(rows: readonly CountedReport[]): number {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    const up = parent.get(key) ?? key;
    if (up === key) return key;
    const root = find(up);
    parent.set(key, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  const counted = rows.filter((row) => row.weight > 0);
  for (const row of counted) {
    const me = `member:${row.reporterId}`;
    parent.set(me, find(me));
    if (row.reporterAddress) join(me, `sent:${row.reporterAddress}`);
    if (row.signupAddress) join(me, `made:${row.signupAddress}`);
  }
  return new Set(counted.map((row) => find(`member:${row.reporterId}`))).size;
}

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

/**
 * How many members (counted as `countedReporters` counts them) have open spam reports about anything
 * the author posted, filed since the author's last hold ended.
 */
async function spamReporters(tx: Pick<Tx, "select">, authorId: string): Promise<number> {
  const rows = await tx
    .select({
      reporterId: reports.reporterId,
      reporterAddress: reports.reporterAddress,
      signupAddress: users.signupAddress,
      weight: reports.weight,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.authorId, authorId),
        eq(reports.reason, "spam"),
        eq(reports.state, "open"),
        gt(reports.weight, 0),
        sql`${reports.createdAt} > coalesce((select ${users.holdClearedAt} from ${users} where ${users.id} = ${authorId}), '-infinity'::timestamptz)`,
      ),
    );
  return countedReporters(rows);
}

/** The item's open case, opened now if it has none (the caller holds the lock on the item's author). */
export async function openCase(tx: Tx, target: HeldTarget): Promise<string> {
  const [open] = await tx
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(openCaseOf(target.type, target.storedId, { appeals: false }));
  if (open) return open.id;
  const [opened] = await tx
    .insert(moderationCases)
    .values({ targetType: target.type, targetId: target.storedId, authorId: target.authorId })
    .returning({ id: moderationCases.id });
  if (!opened) throw new Error("The case was not opened");
  return opened.id;
}

/**
 * The heaviest reason among the reports (by their weight, then by how many give it: reports that count for
 * nothing still say what they are about), ties going to the first in REPORT_REASONS' order.
 */
export function heaviestReason(
  byReason: ReadonlyArray<{ reason: ReportReason; weight: number }>,
): ReportReason {
  let best: { reason: ReportReason; weight: number; count: number } | null = null;
  for (const reason of REPORT_REASONS) {
    const given = byReason.filter((row) => row.reason === reason);
    const weight = given.reduce((sum, row) => sum + row.weight, 0);
    const heavier = !best || weight > best.weight || (weight === best.weight && given.length > best.count);
    if (given.length > 0 && heavier) best = { reason, weight, count: given.length };
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
  const open = await tx
    .select({
      reason: reports.reason,
      weight: reports.weight,
      reporterId: reports.reporterId,
      reporterAddress: reports.reporterAddress,
      signupAddress: users.signupAddress,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.targetType, target.type),
        eq(reports.targetId, target.storedId),
        eq(reports.state, "open"),
      ),
    );
  const reporters = countedReporters(open);
  // Each member counted once weighs 2: several reports from one address are one member's.
  const weight = 2 * reporters;
  const byModerator = report.reporterRole !== "member";
  if (byModerator || (weight >= HIDE_AT.weight && reporters >= HIDE_AT.reporters)) {
    const reason = byModerator ? report.reason : heaviestReason(open);
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
  // Only a new member's account is held by reports: never an established member's, the team's or a demo
  // gardener's (their items still hide by weight).
  const held = await tx
    .update(users)
    .set({ held: true, heldAt: sql`now()` })
    .where(
      and(
        eq(users.id, target.authorId),
        eq(users.held, false),
        eq(users.role, "member"),
        eq(users.signInDisabled, false),
        sql`${users.createdAt} > now() - make_interval(days => ${NEW_FOR_HOLD_DAYS})`,
      ),
    )
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
