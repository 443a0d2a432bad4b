import { count, desc, eq } from "drizzle-orm";
import type { User } from "#shared/schemas/auth.ts";
import { RECENT_TIPS_LIMIT } from "#shared/schemas/dashboard.ts";
import type { Db } from "../../db/client.ts";
import { gardeners, tips } from "../../db/schema.ts";
import { countPublicTips, type TipRow } from "../tips/tips.service.ts";

export interface DashboardStatsRows {
  totalTips: number;
  myTips: number;
  totalGardeners: number;
  recentTips: TipRow[];
}

/**
 * Ruling 14: public tips, all of `user`'s own tips (ruling 24: by account), all gardeners, and the newest
 * public tips, read at once.
 */
export async function getDashboardStats(db: Db, user: Pick<User, "id">): Promise<DashboardStatsRows> {
  const [[publicCount], [ownCount], [gardenerCount], recentTips] = await Promise.all([
    countPublicTips(db),
    db.select({ n: count() }).from(tips).where(eq(tips.authorId, user.id)),
    db.select({ n: count() }).from(gardeners),
    db
      .select()
      .from(tips)
      .where(eq(tips.availability, "Public"))
      .orderBy(desc(tips.createdAt), desc(tips.id))
      .limit(RECENT_TIPS_LIMIT),
  ]);
  return {
    totalTips: publicCount?.total ?? 0,
    myTips: ownCount?.n ?? 0,
    totalGardeners: gardenerCount?.n ?? 0,
    recentTips,
  };
}
