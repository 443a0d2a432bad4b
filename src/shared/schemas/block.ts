import { z } from "zod";

/** A member the caller blocked: they may not comment on the caller's tips, and their comments are not shown to the caller. */
export const BlockSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    image: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "Block" });
export type Block = z.infer<typeof BlockSchema>;
