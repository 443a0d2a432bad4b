import type { PolicyName } from "../lib/rate-limit.ts";

/**
 * Which accounts operation is behind which limit, and whose account it counts: the e-mail in the body,
 * or the signed-in session's. auth.routes.ts puts `rateLimit()` in front of each, and the API document
 * lists their 429 from this same table.
 */
export const AUTH_LIMITS: ReadonlyArray<{ path: string; policy: PolicyName; account: "email" | "session" }> =
  [
    { path: "/sign-in/email", policy: "signIn", account: "email" },
    { path: "/change-password", policy: "passwordCheck", account: "session" },
    { path: "/verify-password", policy: "passwordCheck", account: "session" },
    { path: "/sign-up/email", policy: "signUp", account: "email" },
    { path: "/request-password-reset", policy: "resetEmail", account: "email" },
    { path: "/send-verification-email", policy: "verificationEmail", account: "email" },
  ];
