// What the accounts module offers the rest of the server; other modules import from here only.

export { createAuthRouter } from "./auth.routes.ts";
export { type Auth, createAuth } from "./auth.ts";
export { AUTH_LIMITS, HIDDEN_AUTH_PATHS, OPTIONAL_SESSION_AUTH_PATHS } from "./auth-limits.ts";
export type { PasswordHashing } from "./auth-settings.ts";
export { GOOGLE_ONLY_AUTH_PATHS } from "./google-only-paths.ts";
export { resolveAuthSecret } from "./secret.ts";
