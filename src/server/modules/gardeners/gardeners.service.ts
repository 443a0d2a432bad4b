import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { GardenerListQuerySchema } from "#shared/schemas/gardener.ts";
import type { Db } from "../../db/client.ts";
import { gardeners } from "../../db/schema.ts";

type ListParams = z.output<typeof GardenerListQuerySchema>;

/**
 * Counted live, so it always agrees with the tips, and only public tips count: hidden and private tips are
 * in no public count.
 * Tip e-mails come lower-cased from the session; a gardener's may have capitals.
 */
const totalSharedTips = sql<number>`(
  select count(*)::int from tips
  where tips.email = lower(gardeners.email) and tips.availability = 'Public'
)`.mapWith(Number);

const gardenerColumns = {
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
};

/** A gardener as stored, with the live count of their public tips; gardener-dto.ts makes the API's shape. */
export type GardenerRow = Omit<typeof gardeners.$inferSelect, "createdAt"> & { totalSharedTips: number };

export async function listGardeners(
  db: Db,
  { status, limit, offset }: ListParams,
): Promise<{ rows: GardenerRow[]; total: number }> {
  const where = status ? eq(gardeners.status, status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(gardenerColumns)
      .from(gardeners)
      .where(and(where))
      .orderBy(asc(gardeners.name), asc(gardeners.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(gardeners).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
