import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Crop, CropInput } from "#shared/calendar/crops.ts";
import { MAX_SITE_CROPS } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { siteCrops, sowingReminders, tips } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { isShipped, SHIPPED_CROPS } from "../../lib/rules/crops.ts";

const SHIPPED =
  "That slug is one of the crops the calendar ships with: a site adds crops beside them, under slugs of its own";

/**
 * Adds the crop at `slug`, or replaces the one there (ADR 096); answers it and whether it is new. Refused
 * (409): a shipped crop's slug, an English name another crop has (members pick crops by name), and a crop
 * past the site's limit. Reminders already set keep the day they were set for.
 */
export async function saveSiteCrop(
  db: Db,
  slug: string,
  input: CropInput,
  byUserId: string,
): Promise<{ crop: Crop; created: boolean }> {
  if (input.slug !== undefined && input.slug !== slug)
    throw new HttpError(400, `Invalid field "slug": the crop's slug is the address's, "${slug}"`, [
      { path: "slug", message: `must be "${slug}", as in the address` },
    ]);
  if (isShipped(slug)) throw new HttpError(409, SHIPPED);
  const crop: Crop = { ...input, slug };
  const name = crop.names.en.toLocaleLowerCase("en");
  if (SHIPPED_CROPS.some((other) => other.names.en.toLocaleLowerCase("en") === name))
    throw new HttpError(409, `A shipped crop is named "${crop.names.en}" already`);
  return db.transaction(async (tx) => {
    // One administrator's save at a time, so two cannot both pass the name and limit checks.
    await tx.execute(sql`lock table ${siteCrops} in share row exclusive mode`);
    const [clash] = await tx
      .select({ slug: siteCrops.slug })
      .from(siteCrops)
      .where(and(ne(siteCrops.slug, slug), sql`lower(${siteCrops.crop}->'names'->>'en') = ${name}`));
    if (clash) throw new HttpError(409, `The crop "${clash.slug}" is named "${crop.names.en}" already`);
    const [{ added = 0, here = 0 } = {}] = await tx
      .select({ added: count(), here: sql<number>`count(*) filter (where ${siteCrops.slug} = ${slug})::int` })
      .from(siteCrops);
    if (here === 0 && added >= MAX_SITE_CROPS)
      throw new HttpError(409, `A site adds at most ${MAX_SITE_CROPS} crops; remove one first`);
    await tx
      .insert(siteCrops)
      .values({ slug, crop, updatedBy: byUserId })
      .onConflictDoUpdate({
        target: siteCrops.slug,
        set: { crop, updatedBy: byUserId, updatedAt: sql`now()` },
      });
    return { crop, created: here === 0 };
  });
}

/**
 * Removes the crop the site added at `slug`, and every reminder set for it. While tips name it, refused
 * (409 with their number) unless `untag`: then it is taken off those tips in the same transaction.
 */
export async function removeSiteCrop(db: Db, slug: string, { untag }: { untag: boolean }): Promise<void> {
  if (isShipped(slug)) throw new HttpError(409, "The crops the calendar ships with cannot be removed");
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ slug: siteCrops.slug })
      .from(siteCrops)
      .where(eq(siteCrops.slug, slug))
      .for("update");
    if (!row) throw new HttpError(404, "This site added no crop with that name");
    const naming = sql`${tips.crops} @> array[${slug}]::text[]`;
    if (untag)
      await tx
        .update(tips)
        .set({ crops: sql`array_remove(${tips.crops}, ${slug})` })
        .where(naming);
    else {
      const [{ tipsNaming = 0 } = {}] = await tx.select({ tipsNaming: count() }).from(tips).where(naming);
      if (tipsNaming > 0)
        throw new HttpError(
          409,
          `${tipsNaming === 1 ? "A tip names" : `${tipsNaming} tips name`} this crop: ask again with ?untag=true to take it off ${tipsNaming === 1 ? "it" : "them"} too`,
        );
    }
    await tx.delete(sowingReminders).where(eq(sowingReminders.crop, slug));
    await tx.delete(siteCrops).where(eq(siteCrops.slug, slug));
  });
}
