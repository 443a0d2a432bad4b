import { eq, inArray } from "drizzle-orm";
import { CROP_FILE } from "#shared/calendar/crop-list.ts";
import { CROP_LANGUAGES, type Crop, CropFileSchema, CropSlugSchema } from "#shared/calendar/crops.ts";
import type { Db } from "../../db/client.ts";
import { siteCrops } from "../../db/schema.ts";
import { badQueryParameter, HttpError } from "../requests/errors.ts";

/**
 * The crops the garden calendar knows (ADR 090, 096): the list shipped in src/shared/calendar/crops.json,
 * read and checked once when the server starts (a mistake in it stops the server rather than a page), and
 * the crops this site's administrators added, read from `site_crops` only for a slug the shipped list
 * lacks, so tips naming shipped crops, nearly all of them, cost no read.
 */
const shipped = CropFileSchema.parse(CROP_FILE);

export const SHIPPED_CROPS: readonly Crop[] = shipped.crops;
const bySlug = new Map(SHIPPED_CROPS.map((crop) => [crop.slug, crop]));

/** Whether `slug` is one of the shipped crops (which a site may not replace). */
export const isShipped = (slug: string): boolean => bySlug.has(slug);

/** Where the shipped list comes from and under which licence, as its file says. */
export const CROP_SOURCE = { about: shipped.about, licence: shipped.licence };

/** The crops this site added, by English name. */
export async function addedCrops(db: Db): Promise<Crop[]> {
  const rows = await db.select({ crop: siteCrops.crop }).from(siteCrops);
  return rows.map((row) => row.crop).sort(byName);
}

export const byName = (a: Crop, b: Crop) => a.names.en.localeCompare(b.names.en, "en");

/** The crop `slug` names, shipped or added, or undefined. */
export async function findCrop(db: Db, slug: string): Promise<Crop | undefined> {
  const crop = bySlug.get(slug);
  if (crop || !CropSlugSchema.safeParse(slug).success) return crop;
  const [row] = await db.select({ crop: siteCrops.crop }).from(siteCrops).where(eq(siteCrops.slug, slug));
  return row?.crop;
}

/** The crops among `slugs` the calendar knows, by slug: one read for those the shipped list lacks. */
export async function cropsNamed(db: Db, slugs: readonly string[]): Promise<Map<string, Crop>> {
  const found = new Map<string, Crop>();
  const rest = new Set<string>();
  for (const slug of slugs) {
    const crop = bySlug.get(slug);
    if (crop) found.set(slug, crop);
    else if (CropSlugSchema.safeParse(slug).success) rest.add(slug);
  }
  if (rest.size > 0) {
    const rows = await db
      .select({ crop: siteCrops.crop })
      .from(siteCrops)
      .where(inArray(siteCrops.slug, [...rest]));
    for (const { crop } of rows) found.set(crop.slug, crop);
  }
  return found;
}

/** Text as a search compares it: lower case, accents aside ("Zanahoria" and "zanahória" alike). */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");

/**
 * The crops one of whose names, in any of the four languages, holds `text` (three letters or more): a
 * search for "zanahoria" finds the tips naming carrots, whatever their titles say.
 */
export async function cropsNamedLike(db: Db, text: string): Promise<string[]> {
  const wanted = folded(text.trim());
  if (wanted.length < 3) return [];
  return [...SHIPPED_CROPS, ...(await addedCrops(db))]
    .filter((crop) => CROP_LANGUAGES.some((lang) => folded(crop.names[lang]).includes(wanted)))
    .map((crop) => crop.slug);
}

/**
 * Refuses (400, each unknown slug named at its place) crops the calendar does not know, as a tip's body
 * names them.
 */
export async function checkTipCrops(db: Db, slugs: readonly string[] | undefined): Promise<void> {
  if (!slugs?.length || slugs.every(isShipped)) return;
  const known = await cropsNamed(db, slugs);
  const issues = slugs.flatMap((slug, index) =>
    known.has(slug) ? [] : [{ path: `crops.${index}`, message: unknownCrop(slug) }],
  );
  const [first] = issues;
  if (first) throw new HttpError(400, `Invalid field "${first.path}": ${first.message}`, issues);
}

/** Refuses (400) a crop filter naming a crop the calendar does not know. */
export async function checkCropFilter(db: Db, slug: string | undefined): Promise<void> {
  if (slug !== undefined && !(await findCrop(db, slug))) throw badQueryParameter("crop", unknownCrop(slug));
}

const unknownCrop = (slug: string) => `"${slug}" is no crop the calendar knows; GET /api/crops lists them`;
