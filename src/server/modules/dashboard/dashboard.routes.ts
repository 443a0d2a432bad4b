import { z } from "zod";
import { DashboardStatsSchema } from "#shared/schemas/dashboard.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { GARDENER_TABLES } from "../gardeners/index.ts";
import { toTip } from "../tips/index.ts";
import { getDashboardStats, weekStart } from "./dashboard.service.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const statsRoute = apiRoute({
  method: "get",
  path: "/dashboard/stats",
  operationId: "getDashboardStats",
  tags: ["Dashboard"],
  summary: "The signed-in user's dashboard figures",
  description:
    "totalTips counts public tips, myTips all of the caller's own tips, totalGardeners the gardeners Explore Gardeners lists (the demo gardeners and every listed member with a public tip), and recentTips are the 5 newest public tips. For the overview's charts: tipsByCategory, public tips per category (every category, largest first), and likesByWeek, the likes the caller's tips received in each of the last 12 weeks (Monday to Sunday, UTC; the current week last). `email`, when given, must be the caller's own.",
  middleware: requireUser("Sign in to see your dashboard"),
  request: {
    query: z.object({
      email: z.string().trim().toLowerCase().pipe(z.email("email must be an e-mail address")).optional(),
    }),
  },
  responses: {
    200: { description: "The figures", content: { "application/json": { schema: DashboardStatsSchema } } },
    ...errorResponses({ 400: "Malformed e-mail", 403: "Someone else's e-mail" }),
  },
});

export const dashboardRouter = createRouter().openapi(statsRoute, async (c) => {
  const { user } = c.var;
  const { email } = c.req.valid("query");
  if (email && email !== user.email) throw new HttpError(403, "You can only see your own dashboard");
  const now = new Date();
  const stats = await getDashboardStats(c.var.db, user, now);
  // The member's own figures, kept until tips, likes or the gardeners listed change, or the week turns (the chart's
  // last bar is the current week).
  markPublic(c, "member", ["tip_likes", ...GARDENER_TABLES], {
    until: Date.parse(`${weekStart(now)}T00:00:00Z`) + WEEK_MS,
  });
  const images = imagesOf(c);
  return c.json({ ...stats, recentTips: stats.recentTips.map((row) => toTip(row, images, user.id)) }, 200);
});
