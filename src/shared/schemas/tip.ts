import { z } from "zod";
import { AVAILABILITIES, CATEGORIES, DIFFICULTIES } from "../constants.ts";
import { PageQuerySchema } from "./common.ts";

export const TipSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    plantType: z.string(),
    difficulty: z.enum(DIFFICULTIES),
    description: z.string(),
    /** An http(s) URL; the default plant image when the author gave none. */
    images: z.string(),
    category: z.string(),
    availability: z.enum(AVAILABILITIES),
    name: z.string(),
    email: z.string(),
    totalLiked: z.number().int(),
    createdAt: z.string(),
    /** Only for a signed-in caller: whether they like this tip. */
    likedByMe: z.boolean().optional(),
  })
  .meta({ id: "Tip" });
export type Tip = z.infer<typeof TipSchema>;

export const TIP_SORTS = ["newest", "oldest", "likes", "title"] as const;
export type TipSort = (typeof TIP_SORTS)[number];

export const TIP_SEARCH_MAX_LENGTH = 100;

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
    .optional()
    .transform((value) => (value ? value : undefined)),
  sort: z.enum(TIP_SORTS, { error: `sort must be one of: ${TIP_SORTS.join(", ")}` }).default("newest"),
  /** Opaque keyset cursor from X-Next-Cursor; replaces offset for deep paging. */
  cursor: z.string().max(512, "cursor is malformed").optional(),
});
export type TipListQuery = Partial<z.output<typeof TipListQuerySchema>>;

export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
