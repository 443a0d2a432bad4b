import { existsSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVAILABILITIES, CATEGORIES, DIFFICULTIES, LIMITS } from "#shared/constants.ts";
import { projectRoot } from "../lib/paths.ts";
import { openTestDatabase } from "../test/test-db.ts";
import type { Database } from "./client.ts";
import { accounts, gardeners, tips, users } from "./schema.ts";
import { seedDemoData, seedOnFirstStart } from "./seed.ts";
import { seedTips } from "./seed-data.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("demo data", () => {
  it("is loaded on the first start of an empty database", async () => {
    const result = await seedOnFirstStart(database.db);
    expect(result?.gardeners).toBeGreaterThanOrEqual(12);
    expect(result?.tips).toBeGreaterThanOrEqual(40);

    const allGardeners = await database.db.select().from(gardeners);
    expect(new Set(allGardeners.map((g) => g.status))).toEqual(new Set(["active", "inactive"]));
    for (const g of allGardeners) {
      expect(g.name && g.email && g.image && g.gender && g.experiences, g.name).toBeTruthy();
      expect(g.age).toBeGreaterThan(0);
    }
    // Some optional card fields are empty, so the cards show both cases.
    expect(allGardeners.some((g) => !g.youtube)).toBe(true);
    expect(allGardeners.some((g) => g.youtube)).toBe(true);
    expect(allGardeners.some((g) => g.certifications.length === 0)).toBe(true);
    expect(allGardeners.some((g) => !g.gardenName)).toBe(true);
    expect(allGardeners.some((g) => !g.location)).toBe(true);

    const allTips = await database.db.select().from(tips);
    expect(new Set(allTips.map((t) => t.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(allTips.map((t) => t.difficulty))).toEqual(new Set(DIFFICULTIES));
    expect(new Set(allTips.map((t) => t.availability))).toEqual(new Set(AVAILABILITIES));
    const publicTips = allTips.filter((t) => t.availability === "Public");
    expect(publicTips.length / allTips.length).toBeGreaterThan(0.7);

    const emails = new Set(allGardeners.map((g) => g.email));
    for (const tip of allTips) {
      expect(emails.has(tip.email), `${tip.title} is by a known gardener`).toBe(true);
      expect(tip.title.length).toBeGreaterThanOrEqual(LIMITS.title.min);
      expect(tip.title.length).toBeLessThanOrEqual(LIMITS.title.max);
      expect(tip.plantType.length).toBeGreaterThanOrEqual(LIMITS.plantType.min);
      expect(tip.plantType.length).toBeLessThanOrEqual(LIMITS.plantType.max);
      expect(tip.description.length).toBeGreaterThanOrEqual(LIMITS.description.min);
      expect(tip.description).not.toMatch(/lorem|ipsum/i);
    }

    // Every image the data points at is shipped with the app.
    const images = [...allGardeners.map((g) => g.image), ...allTips.map((t) => t.images)];
    for (const image of images) {
      expect(image?.startsWith("/images/"), String(image)).toBe(true);
      expect(existsSync(path.join(projectRoot, "public", String(image))), String(image)).toBe(true);
    }
  });

  it("is not loaded again, even after every tip was deleted", async () => {
    await database.db.delete(tips);
    expect(await seedOnFirstStart(database.db)).toBeNull();
    const [row] = await database.db.select({ n: count() }).from(tips);
    expect(row?.n).toBe(0);
  });

  it("npm run seed adds only what is missing, never duplicates", async () => {
    const first = await seedDemoData(database.db);
    expect(first.gardeners).toBe(0);
    expect(first.tips).toBeGreaterThanOrEqual(40);
    const again = await seedDemoData(database.db);
    expect(again).toEqual({ gardeners: 0, tips: 0 });
  });

  it("gives every demo gardener an account nobody can sign in to, owning their tips", async () => {
    const people = await database.db.select().from(gardeners);
    const demoUsers = await database.db.select().from(users);
    const byEmail = new Map(demoUsers.map((user) => [user.email, user]));
    for (const gardener of people) {
      const user = byEmail.get(gardener.email.toLowerCase());
      expect(user, gardener.email).toMatchObject({
        name: gardener.name,
        signInDisabled: true,
        emailVerified: false,
      });
      // A gardener page of their own, named from the name as everyone's is (ADR 039): "Sofía Márquez" is
      // sofia_marquez.
      const fromName = gardener.name
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_");
      expect(user?.handle, gardener.email).toBe(fromName);
    }
    // No password, no Google link: nothing to sign in with.
    expect(await database.db.select().from(accounts)).toEqual([]);
    for (const tip of await database.db.select().from(tips)) {
      const owner = demoUsers.find((user) => user.id === tip.authorId);
      expect(owner?.email, tip.title).toBe(tip.email);
      expect(owner?.signInDisabled).toBe(true);
    }
  });

  it("gives none of a demo gardener's tips to someone who signed up with their e-mail first", async () => {
    const own = await openTestDatabase();
    try {
      const [first] = seedTips;
      const email = first?.authorEmail ?? "";
      await own.db.insert(users).values({ id: "someone-real", name: "Real Person", email });
      await seedDemoData(own.db);
      expect(await own.db.select().from(tips).where(eq(tips.authorId, "someone-real"))).toEqual([]);
      const [real] = await own.db.select().from(users).where(eq(users.email, email));
      expect(real).toMatchObject({ id: "someone-real", name: "Real Person", signInDisabled: false });
      const [others] = await own.db.select({ n: count() }).from(tips);
      expect(others?.n).toBe(seedTips.filter((tip) => tip.authorEmail !== email).length);
    } finally {
      await own.close();
    }
  });
});

describe("a database that already has data of its own", () => {
  it("is left alone on first start", async () => {
    const own = await openTestDatabase();
    try {
      await own.db.insert(gardeners).values({ name: "Only Me", email: "me@example.com" });
      expect(await seedOnFirstStart(own.db)).toBeNull();
      const rows = await own.db.select().from(gardeners);
      expect(rows.map((g) => g.name)).toEqual(["Only Me"]);
    } finally {
      await own.close();
    }
  });
});
