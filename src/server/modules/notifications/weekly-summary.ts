import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lte,
  max,
  ne,
  not,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import { isTimeZone } from "#shared/seasons.ts";
import type { Db } from "../../db/client.ts";
import {
  blocks,
  memberPresence,
  memberSummaries,
  notifications,
  sessions,
  summarySchedule,
  tipLikes,
  tips,
  users,
} from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { runEvery } from "../../lib/periodic.ts";
import { tipPublic } from "../../lib/rules/visibility.ts";
import { keepMail } from "../../mail/mail-queue.ts";
import { type SummaryItems, summaryEmail, summaryFarewellEmail } from "../../mail/summary-templates.ts";
import { settingsOf } from "../settings/index.ts";
import { nextSummarySlot, type SummaryPlan, summaryIntervalDays } from "./summary-slots.ts";
import { unsubscribeToken } from "./unsubscribe.ts";

/** A summary goes only with at least this many items of the member's own (not the most liked tips). */
const SUMMARY_MIN_ITEMS = 3;
/** After this long away, one last summary says they stop; then none until the member comes back. */
export const SUMMARY_ABSENCE_DAYS = 180;
/** How many of each the summary lists. */
const SHOWN = { replies: 5, likes: 5, newTips: 5, popular: 3 } as const;
/** The most members one run decides (a run every few minutes takes the rest). */
const PER_RUN = 500;
const DAY_MS = 86_400_000;

interface SummaryRun {
  db: Db;
  baseUrl: string;
  /** The site's secret, which signs the unsubscribe links. */
  secret: string;
  metrics?: Pick<Metrics, "summaryMail">;
  /** The time: the clock's, unless a test sets its own. */
  now?: Date;
  /** Only this member's slot (the browser tests' clock runs one member's summary at a time). */
  onlyUserId?: string;
  /** Called after each member's decision is committed: a test stops the run there, as a crash would. */
  afterEach?: (userId: string) => void;
}

/**
 * Decides every summary that is due (ADR 084): each member's row in the schedule, claimed `for update skip
 * locked` and decided in its own transaction with the outbox row and the record of the slot, so of two
 * servers each decides other members, and a run stopped between two members leaves the first sent once and
 * the second for the next run. Answers how many of each result.
 */
export async function sendSummaries(run: SummaryRun): Promise<Record<string, number>> {
  const now = run.now ?? new Date();
  const tally: Record<string, number> = {};
  for (let done = 0; done < PER_RUN; done++) {
    const decided = await run.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(summarySchedule)
        .where(
          and(
            lte(summarySchedule.nextAt, now),
            run.onlyUserId ? eq(summarySchedule.userId, run.onlyUserId) : undefined,
          ),
        )
        .orderBy(asc(summarySchedule.nextAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const result = await decide(tx, run, due, now);
      return { userId: due.userId, result };
    });
    if (!decided) break;
    tally[decided.result] = (tally[decided.result] ?? 0) + 1;
    run.metrics?.summaryMail(decided.result);
    run.afterEach?.(decided.userId);
  }
  return tally;
}

type Schedule = typeof summarySchedule.$inferSelect;
/** What a decision reads and writes with: the transaction that claimed the member's row. */
type Tx = Pick<Db, "select" | "insert" | "update">;

/** Decides one member's due slot, records it, and plans their next; answers the result. */
async function decide(tx: Tx, run: SummaryRun, due: Schedule, now: Date): Promise<string> {
  const [member] = await tx
    .select({
      email: users.email,
      name: users.name,
      verified: users.emailVerified,
      suspendedUntil: users.suspendedUntil,
      joinedAt: users.createdAt,
      seenAt: memberPresence.seenAt,
    })
    .from(users)
    .leftJoin(memberPresence, eq(memberPresence.userId, users.id))
    .where(eq(users.id, due.userId));
  if (!member) return "gone";
  const settings = await settingsOf(tx, due.userId);
  const plan: SummaryPlan = {
    every: settings.summaryEvery,
    day: settings.summaryDay,
    timeZone: settings.timeZone && isTimeZone(settings.timeZone) ? settings.timeZone : "UTC",
    quiet: settings.quietHours,
  };
  const replan = async (after: Date, intervalDays: number) =>
    tx
      .update(summarySchedule)
      .set({ nextAt: nextSummarySlot(plan, after, intervalDays), planned: true })
      .where(eq(summarySchedule.userId, due.userId));

  // A new account, or settings just changed: its first slot is planned, nothing is sent.
  if (!due.planned) {
    await replan(now, 1);
    return "planned";
  }
  const slot = due.nextAt;
  // Past slots missed while no server ran are not caught up: the next one counts from now.
  const from = slot > now ? slot : now;
  if (!settings.emailSummary) {
    await replan(from, summaryIntervalDays(plan.every, 0));
    return "opted_out";
  }

  const [signedIn] = await tx
    .select({ at: max(sessions.createdAt) })
    .from(sessions)
    .where(eq(sessions.userId, due.userId));
  const lastSeen = latest(member.joinedAt, member.seenAt, signedIn?.at ?? null);
  const sent = await tx
    .select({ result: memberSummaries.result, at: memberSummaries.decidedAt })
    .from(memberSummaries)
    .where(
      and(
        eq(memberSummaries.userId, due.userId),
        inArray(memberSummaries.result, ["sent", "farewell"]),
        gt(memberSummaries.decidedAt, lastSeen),
      ),
    )
    .orderBy(desc(memberSummaries.decidedAt));
  // Sent since the member's last visit: unopened, and what spaces the next ones out.
  const unopened = sent.filter((s) => s.result === "sent").length;
  const interval = summaryIntervalDays(plan.every, unopened);
  const record = async (result: string, items = 0) => {
    await tx
      .insert(memberSummaries)
      .values({ userId: due.userId, dueAt: slot, result, items, decidedAt: now });
    await replan(from, summaryIntervalDays(plan.every, result === "sent" ? unopened + 1 : unopened));
    return result;
  };

  const suspended = member.suspendedUntil !== null && member.suspendedUntil > now;
  if (!member.verified) return record("unverified");
  if (suspended) return record("suspended");

  const away = now.getTime() - lastSeen.getTime();
  if (away >= SUMMARY_ABSENCE_DAYS * DAY_MS) {
    if (sent.some((s) => s.result === "farewell")) {
      await replan(from, 28);
      return "stopped";
    }
    await keepMail(tx, {
      ...summaryFarewellEmail({ to: member.email, name: member.name, siteUrl: run.baseUrl }),
      headers: unsubscribeHeaders(run, due.userId),
    });
    return record("farewell");
  }

  // Only to members who did not visit since the period began.
  const periodStart = new Date(slot.getTime() - interval * DAY_MS);
  if (lastSeen >= periodStart) return record("visited");
  const since = sent[0] && sent[0].at > periodStart ? sent[0].at : periodStart;
  const items = await itemsFor(tx, due.userId, since, now);
  // The member's own items decide whether it goes; the most liked tips only fill it out, or every member
  // would get a newsletter whenever the site is busy.
  const own = items.replies.length + items.likes.length + items.newTips.length;
  if (own < SUMMARY_MIN_ITEMS) return record("too_few", own);
  await keepMail(tx, {
    ...summaryEmail({
      to: member.email,
      name: member.name,
      siteUrl: run.baseUrl,
      daily: plan.every === "daily" && interval === 1,
      items,
      unsubscribeUrl: unsubscribeUrl(run, due.userId),
    }),
    headers: unsubscribeHeaders(run, due.userId),
  });
  return record("sent", own);
}

/** The latest of some instants. */
const latest = (first: Date, ...rest: Array<Date | null>) =>
  rest.reduce<Date>((a, b) => (b && b > a ? b : a), first);

const unsubscribeUrl = ({ baseUrl, secret }: SummaryRun, userId: string) =>
  `${baseUrl}/unsubscribe/${unsubscribeToken(secret, userId, "summary")}`;

/** One click out of the summaries (RFC 8058), as every notification e-mail has for its own stream. */
const unsubscribeHeaders = (run: SummaryRun, userId: string) => ({
  "List-Unsubscribe": `<${unsubscribeUrl(run, userId)}>, <mailto:unsubscribe@${new URL(run.baseUrl).hostname}?subject=unsubscribe%20summary>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/**
 * What the member missed since `since`: unread comments, replies and mentions, and unread likes (grouped
 * per tip), on what they may still see (a notification about hidden, held or deleted content is
 * withdrawn when it is); new public tips from gardeners they follow; and the period's most liked public
 * tips by others, from authors neither on hold nor suspended, and nobody a block keeps apart.
 */
async function itemsFor(tx: Tx, userId: string, since: Date, now: Date): Promise<SummaryItems> {
  const unread = (kinds: Array<(typeof notifications.$inferSelect)["kind"]>, limit: number) =>
    tx
      .select({
        tipId: notifications.tipId,
        commentId: notifications.commentId,
        kind: notifications.kind,
        title: tips.title,
        actorName: users.name,
        actors: sql<number>`cardinality(${notifications.actorIds})`,
      })
      .from(notifications)
      .innerJoin(tips, eq(tips.id, notifications.tipId))
      .leftJoin(users, sql`${users.id} = ${notifications.actorIds}[1]`)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.kind, kinds),
          isNull(notifications.readAt),
          gt(notifications.updatedAt, since),
          eq(notifications.fromNewcomer, false),
        ),
      )
      .orderBy(desc(notifications.updatedAt))
      .limit(limit);
  const [replies, likes, newTips] = await Promise.all([
    unread(["comment", "reply", "mention"], SHOWN.replies),
    unread(["like"], SHOWN.likes),
    unread(["new_tip"], SHOWN.newTips),
  ]);
  const keptApart = (authorId: typeof tips.authorId) =>
    notExists(
      tx
        .select({ one: sql`1` })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, userId), eq(blocks.blockedId, authorId)),
            and(eq(blocks.blockerId, authorId), eq(blocks.blockedId, userId)),
          ),
        ),
    );
  const shownIds = new Set(newTips.map((t) => t.tipId));
  // Likes in the period per tip, then the tips anyone may see among them.
  const likedLately = tx
    .select({ tipId: tipLikes.tipId, likes: count().as("likes") })
    .from(tipLikes)
    .where(gt(tipLikes.createdAt, since))
    .groupBy(tipLikes.tipId)
    .as("liked_lately");
  const suspendedAuthor = exists(
    tx
      .select({ one: sql`1` })
      .from(users)
      .where(and(eq(users.id, tips.authorId), gt(users.suspendedUntil, now))),
  );
  const mostLiked = await tx
    .select({ tipId: tips.id, title: tips.title, authorName: tips.name, likes: likedLately.likes })
    .from(likedLately)
    .innerJoin(tips, eq(tips.id, likedLately.tipId))
    .where(and(tipPublic(), ne(tips.authorId, userId), not(suspendedAuthor), keptApart(tips.authorId)))
    .orderBy(desc(likedLately.likes), asc(tips.id))
    .limit(SHOWN.popular + SHOWN.newTips);
  const popular = mostLiked.filter((tip) => !shownIds.has(tip.tipId)).slice(0, SHOWN.popular);
  const tipOf = (row: { tipId: string | null }) => row.tipId ?? "";
  return {
    replies: replies.map((r) => ({
      kind: r.kind,
      tipId: tipOf(r),
      commentId: r.commentId,
      title: r.title,
      actorName: r.actorName ?? "A gardener",
    })),
    likes: likes.map((l) => ({ tipId: tipOf(l), title: l.title, likes: Number(l.actors) })),
    newTips: newTips.map((t) => ({
      tipId: tipOf(t),
      title: t.title,
      authorName: t.actorName ?? "A gardener",
    })),
    popular: popular.map((p) => ({
      tipId: p.tipId,
      title: p.title,
      authorName: p.authorName,
      likes: p.likes,
    })),
  };
}

/** Decides summaries every 5 minutes on every instance; answers its stop. */
export function startSummarySweep(
  run: Omit<SummaryRun, "now" | "afterEach" | "onlyUserId"> & { logger: Logger },
): () => void {
  return runEvery({
    name: "The summary e-mail sweep",
    everyMs: 5 * 60_000,
    firstAfterMs: 60_000,
    logger: run.logger,
    run: async () => {
      const decided = await sendSummaries(run);
      if (decided.sent) run.logger.info(`Kept ${decided.sent} summary e-mail(s) for the outbox`);
    },
  });
}
