import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { CATEGORIES, type Category } from "#shared/constants.ts";
import type { User } from "#shared/schemas/auth.ts";
import { type DashboardStats, LIKES_CHART_WEEKS, RECENT_TIPS_LIMIT } from "#shared/schemas/dashboard.ts";
import type { Db } from "../../db/client.ts";
import { tipCounts, tipLikes, tips } from "../../db/schema.ts";
import { tipPublic } from "../../lib/rules/visibility.ts";
import { countGardeners } from "../gardeners/index.ts";
import { countPublicTips, type TipRow, tipColumns } from "../tips/index.ts";

export interface DashboardStatsRows extends Omit<DashboardStats, "recentTips"> {
  recentTips: TipRow[];
}

const DAY_MS = 86_400_000;

/** The Monday (UTC) that starts the week `date` falls in, as YYYY-MM-DD. */
export function weekStart(date: Date): string {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The overview's figures: public tips, all of `user`'s own tips (by account, ADR 012), all gardeners, and the
 * newest public tips; and for the overview's charts, public tips per category (from the kept counts) and the
 * likes `user`'s tips received in each of the last weeks (likes carry the time they were given).
 */
export async function getDashboardStats(
  db: Db,
  user: Pick<User, "id">,
  now: Date = new Date(),
): Promise<DashboardStatsRows> {
  const thisWeek = weekStart(now);
  const firstWeek = new Date(Date.parse(`${thisWeek}T00:00:00Z`) - (LIKES_CHART_WEEKS - 1) * 7 * DAY_MS);
  const week = sql<string>`to_char(date_trunc('week', ${tipLikes.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

  const [[publicCount], [ownCount], gardenerCount, recentTips, perCategory, perWeek] = await Promise.all([
    countPublicTips(db),
    db.select({ n: count() }).from(tips).where(eq(tips.authorId, user.id)),
    countGardeners(db),
    db
      .select(tipColumns)
      .from(tips)
      // Tips on hold (ADR 041) are in no public list, the recent ones included.
      .where(tipPublic())
      .orderBy(desc(tips.createdAt), desc(tips.id))
      .limit(RECENT_TIPS_LIMIT),
    db
      .select({ category: tipCounts.category, tips: sql<number>`sum(${tipCounts.total})::int` })
      .from(tipCounts)
      .where(eq(tipCounts.availability, "Public"))
      .groupBy(tipCounts.category),
    db
      .select({ week, likes: sql<number>`count(*)::int` })
      .from(tipLikes)
      .innerJoin(tips, eq(tips.id, tipLikes.tipId))
      .where(and(eq(tips.authorId, user.id), gte(tipLikes.createdAt, firstWeek)))
      .groupBy(week),
  ]);

  const byCategory = new Map<Category, number>(perCategory.map((row) => [row.category, row.tips]));
  const tipsByCategory = CATEGORIES.map((category) => ({
    category,
    tips: byCategory.get(category) ?? 0,
  })).sort((a, b) => b.tips - a.tips || CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category));
  const byWeek = new Map(perWeek.map((row) => [row.week, row.likes]));
  const likesByWeek = Array.from({ length: LIKES_CHART_WEEKS }, (_, i) => {
    const start = new Date(firstWeek.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
    return { week: start, likes: byWeek.get(start) ?? 0 };
  });

  return {
    totalTips: publicCount?.total ?? 0,
    myTips: ownCount?.n ?? 0,
    totalGardeners: gardenerCount,
    recentTips,
    tipsByCategory,
    likesByWeek,
  };
}
