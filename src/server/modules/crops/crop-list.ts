import { CROP_FILE } from "#shared/calendar/crop-list.ts";
import { type Crop, CropFileSchema } from "#shared/calendar/crops.ts";

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
