import type { User } from "#shared/schemas/auth.ts";

/**
 * The signed-in user as the server's code sees it: the shared User shape, e-mail lower-cased, and when
 * the account was made (a newcomer's limits ask), kept with the session so a write need not read it.
 * Its own file: the request environment (app-env.ts) and the kept sessions (cache/session-cache.ts) both
 * name it, and the first already names the second.
 */
export type SessionUser = User & { createdAt?: Date | undefined };
