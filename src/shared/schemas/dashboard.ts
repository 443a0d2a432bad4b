import { z } from "zod";
import { CATEGORIES } from "../constants.ts";
import { TipSchema } from "./tip.ts";

/** The weeks the "likes received" chart covers, the current one last. */
export const LIKES_CHART_WEEKS = 12;

/**
 * The overview's figures (what each counts is said on its field), plus the data of its two charts, which
 * go beyond the specification: tips by category and the likes one's own tips received per week.
 */
export const DashboardStatsSchema = z
  .object({
    /** Public tips. */
    totalTips: z.number().int(),
    /** All of the signed-in user's own tips, of every availability. */
    myTips: z.number().int(),
    totalGardeners: z.number().int(),
    /** The 5 newest public tips. */
    recentTips: z.array(TipSchema),
    /** Public tips per category, every category of the list, largest first. */
    tipsByCategory: z.array(z.object({ category: z.enum(CATEGORIES), tips: z.number().int() })),
    /**
     * Likes given to the user's own tips, per week (weeks start on Monday, UTC), the last
     * LIKES_CHART_WEEKS weeks in order, the current week last, weeks without likes included.
     */
    likesByWeek: z.array(
      z.object({
        /** The Monday the week starts on, YYYY-MM-DD. */
        week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        likes: z.number().int(),
      }),
    ),
  })
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const RECENT_TIPS_LIMIT = 5;
