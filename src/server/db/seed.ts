import { and, count, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appMeta, gardeners, tips } from "./schema.ts";
import { seedGardeners, seedTips } from "./seed-data.ts";

const SEEDED_KEY = "demo_data_seeded_at";

export interface SeedResult {
  gardeners: number;
  tips: number;
}

/**
 * Loads the demo gardeners and tips. Idempotent: gardeners are matched by e-mail and tips by author and
 * title, so running it again adds only what is missing and never duplicates or overwrites.
 */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const insertedGardeners = await tx
      .insert(gardeners)
      .values(
        seedGardeners.map((g) => ({
          name: g.name,
          image: g.image,
          status: g.status,
          email: g.email,
          age: g.age,
          gender: g.gender,
          experiences: g.experiences,
          location: g.location ?? null,
          certifications: g.certifications ?? [],
          gardenName: g.gardenName ?? null,
          youtube: g.youtube ?? null,
        })),
      )
      .onConflictDoNothing({ target: gardeners.email })
      .returning({ id: gardeners.id });

    const authors = new Map(seedGardeners.map((g) => [g.email, g.name]));
    let insertedTips = 0;
    for (const tip of seedTips) {
      const [existing] = await tx
        .select({ id: tips.id })
        .from(tips)
        .where(and(eq(tips.email, tip.authorEmail), eq(tips.title, tip.title)))
        .limit(1);
      if (existing) continue;
      const createdAt = new Date(tip.createdAt);
      await tx.insert(tips).values({
        title: tip.title,
        plantType: tip.plantType,
        difficulty: tip.difficulty,
        description: tip.description,
        images: tip.images,
        category: tip.category,
        availability: tip.availability,
        name: authors.get(tip.authorEmail) ?? tip.authorEmail,
        email: tip.authorEmail,
        totalLiked: tip.totalLiked,
        createdAt,
        updatedAt: createdAt,
      });
      insertedTips += 1;
    }

    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: new Date().toISOString(), updatedAt: new Date() },
      });
    return { gardeners: insertedGardeners.length, tips: insertedTips };
  });
}

/**
 * On the first start of an empty database the demo data is loaded; after that never again, even when
 * every tip has since been deleted. A database that already holds data of its own is left alone.
 */
export async function seedOnFirstStart(db: Db): Promise<SeedResult | null> {
  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
  if (marker) return null;
  const [[gardenerCount], [tipCount]] = await Promise.all([
    db.select({ n: count() }).from(gardeners),
    db.select({ n: count() }).from(tips),
  ]);
  if ((gardenerCount?.n ?? 0) > 0 || (tipCount?.n ?? 0) > 0) {
    await db.insert(appMeta).values({ key: SEEDED_KEY, value: "skipped: database already had data" });
    return null;
  }
  return seedDemoData(db);
}
