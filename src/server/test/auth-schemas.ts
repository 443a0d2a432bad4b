import { z } from "zod";
import { UserSchema } from "#shared/schemas/auth.ts";

/**
 * better-auth's answers as the tests read them, around the shared User shape: sign-up and sign-in
 * answer the account they signed in to.
 */
export const SignedInSchema = z.object({ user: UserSchema });

/** GET /api/auth/get-session: the session's user, or null for a visitor. */
export const SessionSchema = z.object({ user: UserSchema }).nullable();
