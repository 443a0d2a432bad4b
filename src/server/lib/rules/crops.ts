import { CROP_FILE } from "#shared/calendar/crop-list.ts";
import { type Crop, CropFileSchema } from "#shared/calendar/crops.ts";
import { badQueryParameter, HttpError } from "../requests/errors.ts";

/**
 * The crops the garden calendar knows (ADR 090): the list shipped in src/shared/calendar/crops.json, read and checked
 * once when the server starts, so a mistake in it stops the server rather than a page.
 */
const shipped = CropFileSchema.parse(CROP_FILE);

export const CROPS: readonly Crop[] = shipped.crops;
const bySlug = new Map(CROPS.map((crop) => [crop.slug, crop]));

/** The crop `slug` names, or undefined. */
export const cropOf = (slug: string): Crop | undefined => bySlug.get(slug);

/** Where the list comes from and under which licence, as its file says. */
export const CROP_SOURCE = { about: shipped.about, licence: shipped.licence };

/**
 * Refuses (400, each unknown slug named at its place) crops the calendar does not know, as a tip's body
 * names them.
 */
export function checkTipCrops(slugs: readonly string[] | undefined): void {
  const issues = (slugs ?? []).flatMap((slug, index) =>
    bySlug.has(slug) ? [] : [{ path: `crops.${index}`, message: unknownCrop(slug) }],
  );
  const [first] = issues;
  if (first) throw new HttpError(400, `Invalid field "${first.path}": ${first.message}`, issues);
}

/** Refuses (400) a crop filter naming a crop the calendar does not know. */
export function checkCropFilter(slug: string | undefined): void {
  if (slug !== undefined && !bySlug.has(slug)) throw badQueryParameter("crop", unknownCrop(slug));
}

const unknownCrop = (slug: string) => `"${slug}" is no crop the calendar knows; GET /api/crops lists them`;
