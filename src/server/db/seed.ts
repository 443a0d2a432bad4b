import { randomUUID } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appMeta, gardeners, tips, users } from "./schema.ts";
import { seedGardeners, seedTips } from "./seed-data.ts";

const SEEDED_KEY = "demo_data_seeded_at";

export interface SeedResult {
  gardeners: number;
  tips: number;
}

/**
 * Loads the demo gardeners, their accounts and tips. Idempotent: gardeners and accounts are matched by
 * e-mail and tips by author and title, so running it again adds only what is missing and never duplicates or overwrites.
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

    // Demo tips belong to demo accounts nobody can sign in to (no password, no reset, no
    // Google link). Every demo gardener gets one, tips or not, so nobody can sign up with a demo
    // gardener's e-mail and be counted as them.
    const demoPeople = new Map<string, string>();
    for (const g of seedGardeners) demoPeople.set(g.email.toLowerCase(), g.name);
    for (const tip of seedTips)
      if (!demoPeople.has(tip.authorEmail.toLowerCase()))
        demoPeople.set(tip.authorEmail.toLowerCase(), tip.authorEmail);
    await tx
      .insert(users)
      .values(
        [...demoPeople].map(([email, name]) => ({
          id: randomUUID(),
          name,
          email,
          emailVerified: false,
          signInDisabled: true,
        })),
      )
      .onConflictDoNothing({ target: users.email });
    const owners = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email, signInDisabled: users.signInDisabled })
          .from(users)
          .where(inArray(users.email, [...demoPeople.keys()]))
      ).map((row) => [row.email, row]),
    );

    let insertedTips = 0;
    for (const tip of seedTips) {
      const owner = owners.get(tip.authorEmail.toLowerCase());
      // An e-mail someone really signed up with before the demo data was loaded keeps its account as it
      // is: that person gets none of the demo gardener's tips.
      if (!owner?.signInDisabled) continue;
      const [existing] = await tx
        .select({ id: tips.id })
        .from(tips)
        .where(and(eq(tips.authorId, owner.id), eq(tips.title, tip.title)))
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
        authorId: owner.id,
        // Copied from the account by the tips_copy_author trigger; given for the column's NOT NULL.
        name: demoPeople.get(owner.email) ?? owner.email,
        email: owner.email,
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
