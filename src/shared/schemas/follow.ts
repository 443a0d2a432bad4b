import { z } from "zod";

/** Whether the caller follows a gardener, and how many members follow them. */
export const FollowStateSchema = z
  .object({
    following: z.boolean(),
    followers: z.number().int(),
  })
  .meta({ id: "FollowState" });
export type FollowState = z.infer<typeof FollowStateSchema>;
