import type { PolicyName } from "../../lib/security/rate-limit.ts";

/**
 * Which accounts operation is behind which limit, and whose account it counts: the e-mail in the body,
 * the e-mail and the browser's device cookie for it (device.ts), or the signed-in session's.
 * auth.routes.ts puts `rateLimit()` in front of each, and the API document lists their 429 from this
 * same table.
 */
export const AUTH_LIMITS: ReadonlyArray<{
  path: string;
  policy: PolicyName;
  account: "email" | "emailOnDevice" | "session";
}> = [
  { path: "/sign-in/email", policy: "signIn", account: "emailOnDevice" },
  { path: "/change-password", policy: "passwordCheck", account: "session" },
  { path: "/verify-password", policy: "passwordCheck", account: "session" },
  { path: "/sign-up/email", policy: "signUp", account: "email" },
  { path: "/request-password-reset", policy: "resetEmail", account: "email" },
  { path: "/send-verification-email", policy: "verificationEmail", account: "email" },
];

/**
 * better-auth endpoints this server does not offer: switched off in auth.ts (changing the e-mail,
 * deleting the account) or the OpenAPI plugin's reference page (disabled: it loads its script from a CDN).
 * The auth routes answer 404 for them, and the document leaves them out.
 */
export const HIDDEN_AUTH_PATHS = new Set([
  "/change-email",
  "/delete-user",
  "/delete-user/callback",
  "/reference",
]);

/**
 * better-auth operations that read a session when there is one and answer visitors too: the document
 * marks the session optional on them, as our own routes say with `optionalUser()`.
 */
export const OPTIONAL_SESSION_AUTH_PATHS: ReadonlySet<string> = new Set([
  "get /get-session",
  "post /sign-out",
  "post /send-verification-email",
  "get /verify-email",
]);
