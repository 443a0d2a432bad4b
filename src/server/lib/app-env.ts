import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PhotoStorage } from "../storage/photo-storage.ts";
import type { PublicScope, PublicTable } from "./cache/public-cache.ts";
import type { SessionCache } from "./cache/session-cache.ts";
import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";
import type { Limiter } from "./security/rate-limit.ts";
import type { SessionUser } from "./session-user.ts";

/**
 * The types every route module shares, kept apart from app.ts (which imports the route modules), so no
 * module imports the file that imports it.
 */
export type { SessionUser };

export type AppConfig = Pick<
  Env,
  | "SOCIAL_FACEBOOK_URL"
  | "SOCIAL_TWITTER_URL"
  | "SOCIAL_INSTAGRAM_URL"
  | "SOCIAL_LINKEDIN_URL"
  | "BASE_URL"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_DISCOVERY_URL"
  | "RATE_LIMIT"
  | "TRUST_PROXY"
  | "ADMIN_EMAILS"
  | "METRICS_TOKEN"
>;

export interface AppEnv {
  Variables: {
    db: Db;
    config: Partial<AppConfig>;
    logger: Logger;
    auth: SessionSource;
    /** Where uploaded photos are kept (storage/photo-storage.ts). */
    storage: PhotoStorage;
    /** Where the site's e-mail goes (mail/mailer.ts): SMTP, files in DATA_DIR/outbox, or memory in tests. */
    mailer: Mailer;
    /** The app's one limiter (lib/security/rate-limit/limiter.ts), used through `rateLimit()` on a route. */
    limiter: Limiter;
    /** Signed-in sessions kept between requests (lib/cache/session-cache.ts). */
    sessionCache: SessionCache;
    /** What the server counts for /metrics (lib/metrics.ts). */
    metrics: Metrics;
    /** The session's user (null for a visitor), once read (see lib/security/session.ts). */
    sessionUser?: SessionUser | null;
    /** A POST body to /api/auth, as the request gate parsed it (auth.routes.ts). */
    jsonBody?: Record<string, unknown>;
    /** Set by a route whose answer is public and may be cached (lib/cache/public-cache-layer.ts). */
    publicScope?: { scope: PublicScope; reads: readonly PublicTable[]; until?: number };
  };
}

/** The environment of a route behind `requireUser` (lib/security/session.ts): `c.var.user` is the signed-in user. */
export interface SignedInEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { user: SessionUser };
}

/**
 * What a helper reads of a request's context. Hono's `Context<AppEnv>` would refuse the context of a route
 * behind `requireUser` (its `set` accepts one more variable), so helpers ask only for what they read.
 */
export interface ContextWithVars {
  readonly var: Readonly<AppEnv["Variables"]>;
}

/**
 * What a route reads of accounts through `c.var.auth`: the session behind a request. better-auth's instance
 * (modules/accounts) fits it; naming only this keeps lib/ free of the accounts module.
 */
interface SessionSource {
  api: {
    getSession(options: { headers: Headers }): Promise<{
      session: { expiresAt: Date | string };
      user: SessionSourceUser;
    } | null>;
  };
}

/** better-auth's user, as far as the server reads it (lib/security/session.ts keeps these fields). */
export interface SessionSourceUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified: boolean;
  role?: unknown;
  held?: unknown;
  /** A date from the database, or its ISO text in a sign-in's JSON answer. */
  createdAt?: unknown;
}
