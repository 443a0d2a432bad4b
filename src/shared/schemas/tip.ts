import { z } from "zod";
import { TipWhenSchema } from "../calendar/tip-when.ts";
import {
  AVAILABILITIES,
  CATEGORIES,
  DIFFICULTIES,
  LIMITS,
  MAX_TIP_CROPS,
  TEAM_ROLES,
  TIP_SEARCH_MAX_LENGTH,
  TIP_SORTS,
} from "../constants.ts";
import {
  HttpUrlSchema,
  hasControlCharacters,
  hasHiddenFormatting,
  NO_CONTROL_CHARACTERS,
  NO_HIDDEN_FORMATTING,
  PageQuerySchema,
  withPlainLineBreaks,
} from "./common.ts";
import { HoldSchema } from "./hold.ts";
import { PhotoViewSchema } from "./photo.ts";

/** A crop's slug as a client sends it; whether the calendar knows it is the server's to say. */
const CropSlugSchema = (label: string) =>
  z
    .string({ error: `${label} must be a crop's slug, such as broad-bean` })
    .max(100, `${label} must be a crop's slug, such as broad-bean`)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `${label} must be a crop's slug, such as broad-bean`);

const TipCropsSchema = z
  .array(CropSlugSchema("Each crop"), { error: "Crops must be a list of crops' slugs" })
  .max(MAX_TIP_CROPS, `A tip may name at most ${MAX_TIP_CROPS} crops`)
  // Named twice is named once.
  .transform((slugs) => [...new Set(slugs)]);

export const TipSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    plantType: z.string(),
    difficulty: z.enum(DIFFICULTIES),
    description: z.string(),
    /** An http(s) URL; the default plant image when the author gave none. */
    images: z.string(),
    /** When the image is a photo uploaded here: its size and narrower copies. */
    photo: PhotoViewSchema.optional(),
    category: z.enum(CATEGORIES),
    availability: z.enum(AVAILABILITIES),
    name: z.string(),
    /**
     * The author's account e-mail: on a demo gardener's tip, and on a member's own tips to that member
     * alone. A member's tip answers anyone else without it.
     */
    email: z.string().optional(),
    /** The author's handle: their gardener page is /gardeners/{authorHandle}. */
    authorHandle: z.string(),
    /** Only when the author is on the team: shown as a badge beside their name. */
    authorRole: z.enum(TEAM_ROLES).optional(),
    /**
     * Only when its author deleted their account: `name` is "Former gardener" and there is no page to link.
     * "placeholder" when what they wrote went with it and the tip stays, emptied, for others' replies.
     */
    authorGone: z.enum(["anonymous", "placeholder"]).optional(),
    /** The garden calendar's crops the tip is about, by slug: each has its page, /crops/{slug}. */
    crops: z.array(z.string()),
    /** When the advice is for, when the author said: weeks from a frost, or months in a hemisphere. */
    when: TipWhenSchema.optional(),
    totalLiked: z.number().int(),
    /**
     * The comments the reader can read (placeholders not counted); in lists, those anyone can read. A
     * signed-in reader's own tip answer adds their comments on hold and leaves out blocked members'.
     */
    totalComments: z.number().int(),
    createdAt: z.string(),
    /** Only to its author, and only while the tip is hidden pending review: why. */
    hold: HoldSchema.optional(),
    /** Only for a signed-in caller: whether they like this tip. */
    likedByMe: z.boolean().optional(),
  })
  .meta({ id: "Tip" });
export type Tip = z.infer<typeof TipSchema>;

export { TIP_SORTS, type TipSort } from "../constants.ts";

export const TipListQuerySchema = PageQuerySchema.extend({
  availability: z
    .enum(AVAILABILITIES, { error: `availability must be one of: ${AVAILABILITIES.join(", ")}` })
    .optional(),
  email: z.string().trim().toLowerCase().pipe(z.email("email must be an e-mail address")).optional(),
  difficulty: z
    .enum(DIFFICULTIES, { error: `difficulty must be one of: ${DIFFICULTIES.join(", ")}` })
    .optional(),
  category: z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(", ")}` }).optional(),
  q: z
    .string()
    .trim()
    .max(TIP_SEARCH_MAX_LENGTH, `q must be at most ${TIP_SEARCH_MAX_LENGTH} characters`)
    .refine((value) => !hasControlCharacters(value), `q ${NO_CONTROL_CHARACTERS}`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  sort: z.enum(TIP_SORTS, { error: `sort must be one of: ${TIP_SORTS.join(", ")}` }).default("newest"),
  /** Only the public tips of gardeners the signed-in caller follows. */
  following: z
    .enum(["true", "false"], { error: 'following must be "true" or "false"' })
    .optional()
    .transform((value) => value === "true"),
  /** Only the tips naming this crop (a slug from GET /api/crops). */
  crop: CropSlugSchema("crop").optional(),
  /** Opaque keyset cursor from X-Next-Cursor; replaces offset for deep paging. */
  cursor: z.string().max(512, "cursor is malformed").optional(),
});
export type TipListQuery = Partial<z.output<typeof TipListQuerySchema>>;

const requiredText = (
  label: string,
  { min, max }: { min: number; max: number },
  { multiline = false }: { multiline?: boolean } = {},
) =>
  z
    .string({ error: `${label} is required` })
    .transform((value) => (multiline ? withPlainLineBreaks(value) : value))
    .pipe(text(label, { min, max }));

const text = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), `${label} ${NO_CONTROL_CHARACTERS}`)
    .refine((value) => !hasHiddenFormatting(value), `${label} ${NO_HIDDEN_FORMATTING}`);

/**
 * The editable fields of a tip: the share, edit and dashboard forms and POST/PUT /api/tips all use it.
 * Anything else in a body (_id, name, email, totalLiked, createdAt, unknown keys) is dropped: the author
 * comes from the session, and the server keeps the likes count and the creation time.
 */
export const TipInputSchema = z
  .object({
    title: requiredText("Title", LIMITS.title),
    plantType: requiredText("Plant type", LIMITS.plantType),
    difficulty: z.enum(DIFFICULTIES, { error: `Difficulty must be one of: ${DIFFICULTIES.join(", ")}` }),
    description: requiredText("Description", LIMITS.description, { multiline: true }),
    images: z
      .string({ error: "Image must be a URL" })
      .nullable()
      .optional()
      .transform((value) => value?.trim() || null)
      .pipe(HttpUrlSchema.nullable()),
    category: z.enum(CATEGORIES, { error: "Choose a category from the list" }),
    availability: z
      .string({ error: "Availability must be text" })
      .optional()
      // As the specification says, an empty availability becomes Public.
      .transform((value) => value || "Public")
      .pipe(z.enum(AVAILABILITIES, { error: `Availability must be one of: ${AVAILABILITIES.join(", ")}` })),
    /**
     * The garden calendar's crops the tip is about (slugs from GET /api/crops), at most MAX_TIP_CROPS.
     * Left out on an update, the tip keeps the crops it names.
     */
    crops: TipCropsSchema.optional(),
    /**
     * When the advice is for (optional): weeks before or after a frost, or months in the author's
     * hemisphere. Null takes it away; left out on an update, the tip keeps it.
     */
    when: TipWhenSchema.nullable().optional(),
  })
  .meta({ id: "TipInput" });
export type TipInput = z.input<typeof TipInputSchema>;

/** PUT /api/tips/{id}: the same fields, except that a missing availability keeps the tip's current one. */
export const TipUpdateSchema = TipInputSchema.extend({
  availability: z
    .string({ error: "Availability must be text" })
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .enum(AVAILABILITIES, { error: `Availability must be one of: ${AVAILABILITIES.join(", ")}` })
        .optional(),
    ),
}).meta({ id: "TipUpdate" });
export type TipUpdateParsed = z.output<typeof TipUpdateSchema>;
export type TipInputParsed = z.output<typeof TipInputSchema>;

export const LikeStateSchema = z
  .object({ liked: z.boolean(), totalLiked: z.number().int() })
  .meta({ id: "LikeState" });
export type LikeState = z.infer<typeof LikeStateSchema>;
