/**
 * better-auth endpoints that can only succeed for an account signed in with Google: signing in with it and
 * its callback, linking it, and what reads or drops a linked provider account (its tokens, its profile,
 * unlinking: a password account has only its password, which better-auth never unlinks). On a server
 * without Google they answer 404, as the hidden ones do, and the document leaves them out. Listing the
 * accounts stays: a password account lists its password.
 */
export const GOOGLE_ONLY_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/sign-in/social",
  "/callback/{id}",
  "/link-social",
  "/unlink-account",
  "/account-info",
  "/get-access-token",
  "/refresh-token",
]);

/** Whether `path` (under /api/auth) is one of GOOGLE_ONLY_AUTH_PATHS, its {id} filled in. */
export function isGoogleOnlyAuthPath(path: string): boolean {
  return GOOGLE_ONLY_AUTH_PATHS.has(path.replace(/^\/callback\/[^/]+$/, "/callback/{id}"));
}
