import { z } from "zod";
import { GARDENER_STATUSES } from "../constants.ts";
import { PageQuerySchema } from "./common.ts";

export const GardenerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string(),
    status: z.enum(GARDENER_STATUSES),
    email: z.string(),
    age: z.number().int().nullable(),
    gender: z.string().nullable(),
    experiences: z.string().nullable(),
    location: z.string().optional(),
    certifications: z.array(z.string()).optional(),
    gardenName: z.string().optional(),
    youtube: z.string().optional(),
    /** Public tips whose email is this gardener's, counted live, so it always agrees with the tips. */
    totalSharedTips: z.number().int(),
  })
  .meta({ id: "Gardener" });
export type Gardener = z.infer<typeof GardenerSchema>;

export const GardenerListQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(GARDENER_STATUSES, { error: `status must be one of: ${GARDENER_STATUSES.join(", ")}` })
    .optional(),
});
/** What a client may send; the server fills in the paging defaults. */
export type GardenerListQuery = Partial<z.output<typeof GardenerListQuerySchema>>;

/**
 * A gardener's page, /gardeners/{handle} (ADR 039): any account's, a demo gardener's included. A demo
 * gardener's card is the specification's, e-mail and all; a member's never carries an e-mail, and carries
 * age and gender only when they filled them in.
 */
export const GardenerPageSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    /** The photo's absolute URL, or the default avatar. */
    image: z.string(),
    status: z.enum(GARDENER_STATUSES),
    /** Plain text; never HTML. */
    bio: z.string().optional(),
    email: z.string().optional(),
    age: z.number().int().optional(),
    gender: z.string().optional(),
    experiences: z.string().optional(),
    location: z.string().optional(),
    certifications: z.array(z.string()).optional(),
    gardenName: z.string().optional(),
    youtube: z.string().optional(),
    /** When the account was made (ISO 8601): the page says the month and year. */
    memberSince: z.string(),
    /** Their public tips. */
    totalSharedTips: z.number().int(),
    /** Likes on their public tips, all together. */
    totalLikesReceived: z.number().int(),
  })
  .meta({ id: "GardenerPage" });
export type GardenerPage = z.infer<typeof GardenerPageSchema>;
