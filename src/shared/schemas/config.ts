import { z } from "zod";
import { SOCIAL_NETWORKS } from "../constants.ts";

export const PublicConfigSchema = z
  .object({
    /** Only the networks whose URL is configured on the server: no icon is shown that leads nowhere. */
    social: z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string()),
    /** Whether Google sign-in is configured on this server. */
    googleSignIn: z.boolean(),
  })
  .meta({ id: "PublicConfig" });
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
