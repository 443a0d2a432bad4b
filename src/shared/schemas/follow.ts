import { z } from "zod";

/** Whether the caller follows a gardener, and how many members follow them. */
export const FollowStateSchema = z
  .object({
    following: z.boolean(),
    followers: z.number().int(),
  })
  .meta({ id: "FollowState" });
export type FollowState = z.infer<typeof FollowStateSchema>;

/** The most handles one question about follows may name: a page of gardeners' cards and more. */
const FOLLOW_STATES_MAX = 60;

/** Whether the caller follows each of several gardeners, by handle. */
export const FollowStatesSchema = z
  .array(FollowStateSchema.extend({ handle: z.string() }))
  .meta({ id: "FollowStates" });
export type FollowStates = z.infer<typeof FollowStatesSchema>;

/** `?handles=a,b,c`: the gardeners asked about, in any case. */
export const FollowStatesQuerySchema = z.object({
  handles: z
    .string({ error: "handles must be a comma-separated list of handles" })
    .transform((value) =>
      value
        .split(",")
        .map((handle) => handle.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string())
        .min(1, "handles must name at least one gardener")
        .max(FOLLOW_STATES_MAX, `handles may name at most ${FOLLOW_STATES_MAX} gardeners`),
    )
    .meta({ description: "Comma-separated handles, in any case", example: "maya_okafor,hiroshi_tanaka" }),
});
