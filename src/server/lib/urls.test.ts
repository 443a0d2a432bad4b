import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { DashboardStatsSchema } from "#shared/schemas/dashboard.ts";
import { GardenerSchema } from "#shared/schemas/gardener.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { seedDemoData } from "../db/seed.ts";
import { createClient, newAccount } from "../test/http-client.ts";
import { createTestApp } from "../test/test-db.ts";

/** A forged Host header never ends up in what the API answers; BASE_URL makes absolute URLs. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { BASE_URL: "https://garden.example.org", RATE_LIMIT: false } });
  await seedDemoData(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

async function get<Schema extends z.ZodType>(path: string, host: string, schema: Schema) {
  const res = await ctx.app.request(`http://${host}${path}`, { headers: { Host: host } });
  expect(res.status).toBe(200);
  return schema.parse(await res.json());
}

describe("absolute URLs", () => {
  it.each(["evil.example", "localhost:3000", "garden.example.org"])(
    "come from BASE_URL whatever the Host header (%s)",
    async (host) => {
      const list = await get("/api/tips?limit=100", host, TipSchema.array());
      const shipped = list.filter((tip) => tip.images.includes("/images/"));
      expect(shipped.length).toBeGreaterThan(0);
      for (const tip of shipped) expect(tip.images).toMatch(/^https:\/\/garden\.example\.org\/images\//);
      const one = await get(`/api/tips/${shipped[0]?._id}`, host, TipSchema);
      expect(one.images).toBe(shipped[0]?.images);

      const people = await get("/api/gardeners?limit=100", host, GardenerSchema.array());
      expect(people.length).toBeGreaterThan(0);
      for (const gardener of people) expect(gardener.image).toMatch(/^https:\/\/garden\.example\.org\//);
    },
  );

  it("a tip shared without an image gets the default one on BASE_URL, for a client on any Host", async () => {
    const author = createClient(ctx.app, { origin: "https://garden.example.org" });
    expect((await author.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
    const res = await author.post(
      "/api/tips",
      {
        title: "Mulch without a photo",
        plantType: "Roses",
        difficulty: "Easy",
        description: "Spread mulch after a good rain so the moisture is locked in.",
        category: "Plant Care",
        availability: "Public",
      },
      { headers: { Host: "evil.example" }, schema: TipSchema },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.images).toMatch(/^https:\/\/garden\.example\.org\/images\//);
    expect(JSON.stringify(await get(`/api/tips/${res.body._id}`, "evil.example", TipSchema))).not.toContain(
      "evil",
    );
    const stats = await author.get("/api/dashboard/stats", {
      headers: { Host: "evil.example" },
      schema: DashboardStatsSchema,
    });
    expect(stats.status).toBe(200);
    expect(stats.body.recentTips.length).toBeGreaterThan(0);
    expect(JSON.stringify(stats.body)).not.toContain("evil");
  });
});
