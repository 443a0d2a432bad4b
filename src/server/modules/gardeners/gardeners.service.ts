import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { DEFAULT_AVATAR_IMAGE } from "#shared/constants.ts";
import type { Gardener, GardenerListQuerySchema } from "#shared/schemas/gardener.ts";
import type { Db } from "../../db/client.ts";
import { gardeners } from "../../db/schema.ts";

type ListParams = z.output<typeof GardenerListQuerySchema>;
/** A gardener as stored: the image may be missing, and the route fills in the default avatar. */
export type GardenerRecord = Omit<Gardener, "image"> & { image: string | null };

/**
 * Ruling 13: counted live, and only public tips count (ruling 6: hidden tips are in no public count).
 * Tip e-mails come lower-cased from the session; a gardener's may have capitals.
 */
const totalSharedTips = sql<number>`(
  select count(*)::int from tips
  where tips.email = lower(gardeners.email) and tips.availability = 'Public'
)`;

export async function listGardeners(
  db: Db,
  { status, limit, offset }: ListParams,
): Promise<{ items: GardenerRecord[]; total: number }> {
  const where = status ? eq(gardeners.status, status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: gardeners.id,
        name: gardeners.name,
        image: gardeners.image,
        status: gardeners.status,
        email: gardeners.email,
        age: gardeners.age,
        gender: gardeners.gender,
        experiences: gardeners.experiences,
        location: gardeners.location,
        certifications: gardeners.certifications,
        gardenName: gardeners.gardenName,
        youtube: gardeners.youtube,
        totalSharedTips,
      })
      .from(gardeners)
      .where(and(where))
      .orderBy(asc(gardeners.name), asc(gardeners.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(gardeners).where(where),
  ]);
  const items = rows.map(
    (row): GardenerRecord => ({
      id: row.id,
      name: row.name,
      image: row.image,
      status: row.status,
      email: row.email,
      age: row.age,
      gender: row.gender,
      experiences: row.experiences,
      // Optional card fields are left out when empty, so clients can simply test for presence.
      ...(row.location ? { location: row.location } : {}),
      ...(row.certifications.length > 0 ? { certifications: row.certifications } : {}),
      ...(row.gardenName ? { gardenName: row.gardenName } : {}),
      ...(row.youtube ? { youtube: row.youtube } : {}),
      totalSharedTips: Number(row.totalSharedTips),
    }),
  );
  return { items, total: totals?.total ?? 0 };
}

export function gardenerImage(image: string | null): string {
  return image || DEFAULT_AVATAR_IMAGE;
}
