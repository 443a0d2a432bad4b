import { z } from "zod";
import { TASKS } from "./frost.ts";

/**
 * A crop the garden calendar knows (ADR 090): its names, and its windows as weeks from the member's own
 * frost dates, so one list serves every garden in both hemispheres.
 */
const CROP_KINDS = ["vegetable", "fruit", "herb", "flower"] as const;
/** The languages every crop is named in. */
export const CROP_LANGUAGES = ["en", "fr", "es", "de"] as const;

const WeeksSchema = z
  .tuple([z.number().int().min(-26).max(26), z.number().int().min(-26).max(26)])
  .refine(([from, to]) => from <= to, { error: "a window opens before it closes" });

/** Names a crop's page, /crops/{slug}: lower-case letters and digits, words joined by hyphens. */
export const CropSlugSchema = z
  .string()
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
    error: "a crop's slug is lower-case letters and digits, words joined by hyphens",
  });

export const CropSchema = z
  .object({
    slug: CropSlugSchema,
    names: z.object(
      Object.fromEntries(CROP_LANGUAGES.map((lang) => [lang, z.string().trim().min(1).max(60)])) as {
        [Lang in (typeof CROP_LANGUAGES)[number]]: z.ZodString;
      },
    ),
    botanical: z.string().trim().min(3).max(100),
    kind: z.enum(CROP_KINDS),
    /** Weeks before (negative) or after the last spring frost, or the first autumn frost for `sowAutumn`. */
    windows: z
      .partialRecord(z.enum(TASKS), WeeksSchema)
      .refine((windows) => Object.keys(windows).length > 0, { error: "a crop has a window" }),
    /** From sowing, or from planting out where the crop is planted out. */
    daysToMaturity: z
      .tuple([z.number().int().positive().max(3650), z.number().int().positive().max(3650)])
      .refine(([from, to]) => from <= to, { error: "the shortest comes first" }),
    /** Between plants, in centimetres. */
    spacingCm: z.number().int().positive().max(2000),
    /** Where it never freezes: when and how. */
    warmClimate: z.string().trim().min(1).max(500),
  })
  .meta({ id: "Crop" });
export type Crop = z.infer<typeof CropSchema>;

/**
 * A crop a site adds or changes (PUT /api/crops/{slug}): the whole crop, its slug in the address (a crop
 * read from GET /api/crops may be sent back as it is: its slug, if any, must be the address's).
 */
export const CropInputSchema = CropSchema.extend({ slug: CropSlugSchema.optional() }).meta({
  id: "CropInput",
});
export type CropInput = z.infer<typeof CropInputSchema>;

/** The shipped list as a file: what it is, under which licence, and the crops. */
export const CropFileSchema = z.object({
  about: z.string(),
  licence: z.string(),
  crops: z.array(CropSchema),
});
