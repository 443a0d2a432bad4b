import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { GardenerSchema } from "#shared/schemas/gardener.ts";
import { gardeners, tips } from "../../db/schema.ts";
import { createTestApp, getJson } from "../../test/test-db.ts";
import { insertTips, type TipFixture } from "../../test/tip-fixtures.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.delete(tips);
  await ctx.db.delete(gardeners);
});

const tip = (email: string, availability: "Public" | "Hidden" | "Private", title: string): TipFixture => ({
  title,
  plantType: "Tomato",
  difficulty: "Easy",
  description: "Water deeply and less often.",
  category: "Vegetables",
  availability,
  name: "Someone",
  email,
});

describe("GET /api/gardeners", () => {
  it("answers an empty array and a zero total when there are no gardeners", async () => {
    const res = await getJson(ctx.app, "/api/gardeners", { schema: GardenerSchema.array() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
  });

  it("lists every gardener by name with all card fields and live public tip counts", async () => {
    const zoeRow = {
      name: "Zoe Fern",
      email: "zoe@example.com",
      status: "inactive" as const,
      image: "/images/gardeners/zoe.svg",
      age: 61,
      gender: "Female" as const,
      experiences: "30 years",
      location: "Leeds, UK",
      certifications: ["Master Gardener", "RHS Level 2"],
      gardenName: "Fern Hollow",
      youtube: "https://www.youtube.com/@zoefern",
    };
    await ctx.db.insert(gardeners).values([
      zoeRow,
      {
        name: "Adam Oak",
        email: "adam@example.com",
        status: "active",
        age: 34,
        gender: "Male",
        experiences: "2 years",
      },
    ]);
    await insertTips(ctx.db, [
      tip("zoe@example.com", "Public", "One"),
      tip("zoe@example.com", "Public", "Two"),
      tip("zoe@example.com", "Hidden", "Three"),
      tip("zoe@example.com", "Private", "Four"),
      tip("nobody@example.com", "Public", "Five"),
    ]);

    const res = await getJson(ctx.app, "/api/gardeners", { schema: GardenerSchema.array() });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    expect(res.body.map((g) => g.name)).toEqual(["Adam Oak", "Zoe Fern"]);

    const [adam, zoe] = res.body;
    // Every card field as stored, the photo at an absolute address.
    expect(zoe).toMatchObject({
      ...zoeRow,
      image: "http://localhost/images/gardeners/zoe.svg",
      // Hidden and private tips are in no public count.
      totalSharedTips: 2,
    });
    expect(typeof zoe?.id).toBe("number");
    // Empty optional fields are left out; a missing photo becomes the shipped default avatar.
    expect(adam).not.toHaveProperty("location");
    expect(adam).not.toHaveProperty("certifications");
    expect(adam).not.toHaveProperty("gardenName");
    expect(adam).not.toHaveProperty("youtube");
    expect(adam?.image).toBe("http://localhost/images/default-avatar.svg");
    expect(adam?.totalSharedTips).toBe(0);
  });

  it("counts a gardener's new public tip at once", async () => {
    await ctx.db.insert(gardeners).values({ name: "Ivy", email: "ivy@example.com" });
    const before = await getJson(ctx.app, "/api/gardeners", { schema: GardenerSchema.array() });
    expect(before.body[0]?.totalSharedTips).toBe(0);
    await insertTips(ctx.db, [tip("ivy@example.com", "Public", "Fresh")]);
    const after = await getJson(ctx.app, "/api/gardeners", { schema: GardenerSchema.array() });
    expect(after.body[0]?.totalSharedTips).toBe(1);
  });

  it("filters by status=active and status=inactive", async () => {
    await ctx.db.insert(gardeners).values([
      { name: "A", email: "a@example.com", status: "active" },
      { name: "B", email: "b@example.com", status: "inactive" },
      { name: "C", email: "c@example.com", status: "active" },
    ]);
    const active = await getJson(ctx.app, "/api/gardeners?status=active", { schema: GardenerSchema.array() });
    expect(active.body.map((g) => g.name)).toEqual(["A", "C"]);
    expect(active.headers.get("x-total-count")).toBe("2");
    const inactive = await getJson(ctx.app, "/api/gardeners?status=inactive", {
      schema: GardenerSchema.array(),
    });
    expect(inactive.body.map((g) => g.name)).toEqual(["B"]);
    expect(inactive.headers.get("x-total-count")).toBe("1");
  });

  it("pages: the first page by default, then limit and offset, with the total in X-Total-Count", async () => {
    await ctx.db.insert(gardeners).values(
      Array.from({ length: 25 }, (_, i) => ({
        name: `Gardener ${String(i + 1).padStart(2, "0")}`,
        email: `g${i}@example.com`,
      })),
    );
    const first = await getJson(ctx.app, "/api/gardeners", { schema: GardenerSchema.array() });
    expect(first.body).toHaveLength(20);
    expect(first.headers.get("x-total-count")).toBe("25");

    const page = await getJson(ctx.app, "/api/gardeners?limit=10&offset=20", {
      schema: GardenerSchema.array(),
    });
    expect(page.body.map((g) => g.name)).toEqual([
      "Gardener 21",
      "Gardener 22",
      "Gardener 23",
      "Gardener 24",
      "Gardener 25",
    ]);
    expect(page.headers.get("x-total-count")).toBe("25");

    const beyond = await getJson(ctx.app, "/api/gardeners?offset=100", { schema: GardenerSchema.array() });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe("25");
  });

  it.each([
    ["status=friendly", "status"],
    ["status=", "status"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=-5", "limit"],
    ["limit=ten", "limit"],
    ["limit=2.5", "limit"],
    ["offset=-1", "offset"],
    ["offset=abc", "offset"],
  ])("rejects ?%s with a 400 naming %s", async (query, field) => {
    await ctx.db.insert(gardeners).values({ name: "Kept", email: "kept@example.com" });
    const res = await getJson(ctx.app, `/api/gardeners?${query}`, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(res.body.issues?.map((issue) => issue.path)).toContain(field);
    // Bad input loses nothing.
    const after = await getJson(ctx.app, "/api/gardeners", { schema: GardenerSchema.array() });
    expect(after.body.map((g) => g.name)).toEqual(["Kept"]);
  });
});
