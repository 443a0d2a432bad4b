import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { DashboardStatsSchema, RECENT_TIPS_LIMIT } from "#shared/schemas/dashboard.ts";
import { gardeners, tips } from "../../db/schema.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { HttpError } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/openapi.ts";
import { requireUser } from "../../lib/session.ts";
import { siteOrigin } from "../../lib/urls.ts";
import { countPublicTips, toTip } from "../tips/tips.service.ts";

const statsRoute = createRoute({
  method: "get",
  path: "/dashboard/stats",
  operationId: "getDashboardStats",
  tags: ["Dashboard"],
  summary: "The signed-in user's dashboard figures",
  description:
    "totalTips counts public tips, myTips all of the caller's own tips, totalGardeners all gardeners, and recentTips are the 5 newest public tips. `email`, when given, must be the caller's own.",
  request: {
    query: z.object({
      email: z.string().trim().toLowerCase().pipe(z.email("email must be an e-mail address")).optional(),
    }),
  },
  responses: {
    200: { description: "The figures", content: { "application/json": { schema: DashboardStatsSchema } } },
    ...errorResponses({ 400: "Malformed e-mail", 401: "Not signed in", 403: "Someone else's e-mail" }),
  },
});

export function registerDashboardRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(statsRoute, async (c) => {
    const user = await requireUser(c, "Sign in to see your dashboard");
    const { email } = c.req.valid("query");
    if (email && email !== user.email) throw new HttpError(403, "You can only see your own dashboard");
    const db = c.var.db;
    const [[publicCount], [ownCount], [gardenerCount], recent] = await Promise.all([
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
    const origin = siteOrigin(c);
    return c.json(
      {
        totalTips: publicCount?.total ?? 0,
        myTips: ownCount?.n ?? 0,
        totalGardeners: gardenerCount?.n ?? 0,
        recentTips: recent.map((row) => toTip(row, origin)),
      },
      200,
    );
  });
}
