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
