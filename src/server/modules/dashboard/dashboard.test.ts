import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { DashboardStatsSchema } from "#shared/schemas/dashboard.ts";
import { gardeners } from "../../db/schema.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";
import { insertTips, type TipFixture } from "../../test/tip-fixtures.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

describe("GET /api/dashboard/stats (ruling 14)", () => {
  it("counts public tips, the caller's own tips of every availability, all gardeners, and the 5 newest public tips", async () => {
    const account = newAccount();
    const me = createClient(ctx.app);
    expect((await me.post("/api/auth/sign-up/email", account)).status).toBe(200);
    await ctx.db.insert(gardeners).values([
      { name: "G1", email: "g1@example.com" },
      { name: "G2", email: "g2@example.com", status: "inactive" },
    ]);
    const tip = (i: number, email: string, availability: "Public" | "Hidden" | "Private"): TipFixture => ({
      title: `Stat tip ${i}`,
      plantType: "Kale",
      difficulty: "Easy",
      description: "Enough words for a description.",
      category: "Vegetables",
      availability,
      name: "N",
      email,
      createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)),
    });
    await insertTips(ctx.db, [
      ...Array.from({ length: 7 }, (_, i) => tip(i, "someone@example.com", "Public")),
      tip(20, "someone@example.com", "Hidden"),
      tip(21, account.email, "Public"),
      tip(22, account.email, "Hidden"),
      tip(23, account.email, "Private"),
    ]);

    const res = await me.get(`/api/dashboard/stats?email=${account.email}`, { schema: DashboardStatsSchema });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalTips: 8, myTips: 3, totalGardeners: 2 });
    expect(res.body.recentTips.map((t) => t.title)).toEqual([
      "Stat tip 21",
      "Stat tip 6",
      "Stat tip 5",
      "Stat tip 4",
      "Stat tip 3",
    ]);
    // Without the parameter it answers for the caller.
    expect((await me.get("/api/dashboard/stats", { schema: DashboardStatsSchema })).body.myTips).toBe(3);
  });

  it("answers a visitor 401 before it reads the query", async () => {
    const res = await createClient(ctx.app).get("/api/dashboard/stats?email=nope", {
      schema: ApiErrorSchema,
    });
    expect([res.status, res.body.message]).toEqual([401, "Sign in to see your dashboard"]);
  });

  it("answers 401 to a visitor and 403 for someone else's e-mail", async () => {
    expect((await createClient(ctx.app).get("/api/dashboard/stats")).status).toBe(401);
    const me = createClient(ctx.app);
    await me.post("/api/auth/sign-up/email", newAccount());
    expect((await me.get("/api/dashboard/stats?email=someone@example.com")).status).toBe(403);
    expect((await me.get("/api/dashboard/stats?email=nope")).status).toBe(400);
  });
});
