import type { Context } from "hono";
import type { AppEnv, SessionUser } from "./app-env.ts";
import { HttpError } from "./errors.ts";

export type { SessionUser };

/** The signed-in user of this request, or null for a visitor. */
export async function getSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  // Read once per request, however many middlewares and handlers ask.
  if (c.var.sessionUser !== undefined) return c.var.sessionUser;
  const session = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
  const user = session
    ? {
        id: session.user.id,
        name: session.user.name,
        email: session.user.email.toLowerCase(),
        image: session.user.image ?? null,
      }
    : null;
  c.set("sessionUser", user);
  return user;
}

/** The signed-in user, or a 401 for a visitor. */
export async function requireUser(c: Context<AppEnv>, message = "Sign in first"): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw new HttpError(401, message);
  return user;
}
