import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "#shared/constants.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { DashboardStatsSchema } from "#shared/schemas/dashboard.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { gardeners, tipLikes } from "../../db/schema.ts";
import { SignedInSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount } from "../../test/http-client.ts";
import { confirmEmail } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";
import { insertTips, type TipFixture } from "../../test/tip-fixtures.ts";
import { getDashboardStats, weekStart } from "./dashboard.service.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

describe("GET /api/dashboard/stats", () => {
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
    // The two demo gardeners, and the caller: a member with a public tip. The demo account behind
    // someone@example.com's tips has no card and is nobody's to sign in to, so it is not a gardener.
    expect(res.body).toMatchObject({ totalTips: 8, myTips: 3, totalGardeners: 3 });
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

/** A signed-in client of a new account, and the account's id. */
/** A member, signed up, with the e-mail confirmed as its owner would (some share three public tips). */
async function signedIn() {
  const client = createClient(ctx.app);
  const account = newAccount();
  const res = await client.post("/api/auth/sign-up/email", account, { schema: SignedInSchema });
  await confirmEmail(ctx, client, account.email);
  return { client, id: res.body.user.id };
}

const newTip = (title: string, category: string, availability = "Public") => ({
  title,
  plantType: "Basil",
  difficulty: "Easy",
  description: "Pinch out the tips every week.",
  category,
  availability,
});

describe("the overview's charts", () => {
  it("counts public tips per category: every category, largest first, hidden tips left out", async () => {
    const { client } = await signedIn();
    const before = (await client.get("/api/dashboard/stats", { schema: DashboardStatsSchema })).body
      .tipsByCategory;
    const count = (rows: typeof before, category: string) =>
      rows.find((row) => row.category === category)?.tips;
    for (const body of [
      newTip("Herb one", "Herbs"),
      newTip("Herb two", "Herbs"),
      newTip("Herb hidden", "Herbs", "Hidden"),
      newTip("Tree one", "Trees"),
      newTip("Tree private", "Trees", "Private"),
    ])
      expect((await client.post("/api/tips", body)).status).toBe(201);

    const after = (await client.get("/api/dashboard/stats", { schema: DashboardStatsSchema })).body
      .tipsByCategory;
    expect(after.map((row) => row.category).sort()).toEqual([...CATEGORIES].sort());
    expect(count(after, "Herbs")).toBe((count(before, "Herbs") ?? 0) + 2);
    expect(count(after, "Trees")).toBe((count(before, "Trees") ?? 0) + 1);
    const totals = after.map((row) => row.tips);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it("counts the likes the caller's tips received per week, the last 12 weeks, the current one last", async () => {
    const author = await signedIn();
    const mine = await author.client.post("/api/tips", newTip("Liked tip", "Flowers"), { schema: TipSchema });
    const other = await signedIn();
    const theirs = await other.client.post("/api/tips", newTip("Not mine", "Flowers"), { schema: TipSchema });
    // Two likes this week through the API, on the author's tip; one on someone else's tip (not counted).
    for (const fan of [other, await signedIn()])
      expect((await fan.client.post(`/api/tips/${mine.body._id}/like`)).status).toBe(200);
    expect((await author.client.post(`/api/tips/${theirs.body._id}/like`)).status).toBe(200);
    // Older likes, given on known days.
    const likers = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 86_400_000);
    await ctx.db.insert(tipLikes).values([
      { tipId: mine.body._id, userId: likers[0].id, createdAt: weeksAgo(3) },
      { tipId: mine.body._id, userId: likers[1].id, createdAt: weeksAgo(11) },
      // Outside the 12 weeks.
      { tipId: mine.body._id, userId: likers[2].id, createdAt: weeksAgo(13) },
    ]);

    const { likesByWeek } = (
      await author.client.get("/api/dashboard/stats", { schema: DashboardStatsSchema })
    ).body;
    expect(likesByWeek).toHaveLength(12);
    expect(likesByWeek.at(-1)).toEqual({ week: weekStart(new Date()), likes: 2 });
    expect(likesByWeek.find((row) => row.week === weekStart(weeksAgo(3)))?.likes).toBe(1);
    expect(likesByWeek[0]).toEqual({ week: weekStart(weeksAgo(11)), likes: 1 });
    expect(likesByWeek.reduce((sum, row) => sum + row.likes, 0)).toBe(4);
    // Consecutive Mondays.
    for (let i = 1; i < likesByWeek.length; i++)
      expect(Date.parse(likesByWeek[i]?.week ?? "") - Date.parse(likesByWeek[i - 1]?.week ?? "")).toBe(
        7 * 86_400_000,
      );
    // Someone with no tips gets twelve empty weeks.
    const { body } = await (await signedIn()).client.get("/api/dashboard/stats", {
      schema: DashboardStatsSchema,
    });
    expect(body.likesByWeek.map((row) => row.likes)).toEqual(Array(12).fill(0));
  });

  it("puts a like given late on Sunday (UTC) in the week that started on Monday", async () => {
    const author = await signedIn();
    const fan = await signedIn();
    const tip = await author.client.post("/api/tips", newTip("Sunday tip", "Herbs"), { schema: TipSchema });
    const sunday = new Date("2026-11-22T23:59:00Z");
    await ctx.db.insert(tipLikes).values({ tipId: tip.body._id, userId: fan.id, createdAt: sunday });
    const stats = await getDashboardStats(ctx.db, { id: author.id }, new Date("2026-11-24T10:00:00Z"));
    expect(stats.likesByWeek.at(-2)).toEqual({ week: "2026-11-16", likes: 1 });
    expect(stats.likesByWeek.at(-1)).toEqual({ week: "2026-11-23", likes: 0 });
  });
});

describe("weekStart", () => {
  it.each([
    ["2026-11-23T00:00:00Z", "2026-11-23"],
    ["2026-11-24T10:00:00Z", "2026-11-23"],
    ["2026-11-29T23:59:59Z", "2026-11-23"],
    ["2026-11-30T00:00:00Z", "2026-11-30"],
    ["2027-01-01T12:00:00Z", "2026-12-28"],
  ])("puts %s in the week of Monday %s", (date, monday) => {
    expect(weekStart(new Date(date))).toBe(monday);
  });
});
