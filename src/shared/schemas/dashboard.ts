import { z } from "zod";
import { TipSchema } from "./tip.ts";

/** Ruling 14. */
export const DashboardStatsSchema = z
  .object({
    /** Public tips. */
    totalTips: z.number().int(),
    /** All of the signed-in user's own tips, of every availability. */
    myTips: z.number().int(),
    totalGardeners: z.number().int(),
    /** The 5 newest public tips. */
    recentTips: z.array(TipSchema),
  })
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const RECENT_TIPS_LIMIT = 5;
