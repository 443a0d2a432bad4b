import { z } from "zod";
import { PhotoViewSchema } from "./photo.ts";

/** A member the caller blocked: they may not comment on the caller's tips, and their comments are not shown to the caller. */
export const BlockSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    image: z.string(),
    photo: PhotoViewSchema.optional(),
    createdAt: z.string(),
  })
  .meta({ id: "Block" });
export type Block = z.infer<typeof BlockSchema>;
