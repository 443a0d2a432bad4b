import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Logger } from "./logger.ts";

/**
 * The types every route module shares, kept apart from app.ts (which imports the route modules), so no
 * module imports the file that imports it.
 */
/** The signed-in user as the server's code sees it (e-mail lower-cased). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

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
>;

export interface AppEnv {
  Variables: {
    db: Db;
    config: Partial<AppConfig>;
    logger: Logger;
    auth: Auth;
    /** The signed-in user, once read (see lib/session.ts). */
    sessionUser?: SessionUser | null;
    /** A POST body to /api/auth, as the request gate parsed it (auth.routes.ts). */
    jsonBody?: Record<string, unknown>;
  };
}
