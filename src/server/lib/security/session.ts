import { createMiddleware } from "hono/factory";
import { ACCOUNT_ON_HOLD, ROLES, type Role } from "#shared/constants.ts";
import type { AppEnv, ContextWithVars, SessionSourceUser, SessionUser, SignedInEnv } from "../app-env.ts";
import { hasSessionCookie } from "../cache/public-cache.ts";
import type { SessionCache } from "../cache/session-cache.ts";
import { HttpError } from "../requests/errors.ts";
import { errorResponses } from "../requests/openapi.ts";
import { answering, declaring } from "../requests/route-needs.ts";

export type { SessionUser };

/** What reading the session needs of a request's context, whether or not its route is behind requireUser. */
interface SessionContext extends ContextWithVars {
  readonly req: { readonly raw: Request };
  set(key: "sessionUser", value: AppEnv["Variables"]["sessionUser"]): void;
}

/**
 * The session cookies a request carries (either name: plain http or __Secure-), as they were sent: the
 * key of a kept session (lib/session-cache.ts). Empty when there is none.
 */
export function sessionCookieKey(cookie: string | null | undefined): string {
  if (!hasSessionCookie(cookie)) return "";
  return (cookie ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter(isSessionCookie)
    .join("; ");
}

/** Whether a cookie's `name=value` is better-auth's session token, under either of its names. */
function isSessionCookie(pair: string): boolean {
  return pair.split("=", 1)[0]?.endsWith("better-auth.session_token") ?? false;
}

/** The fields of better-auth's user the server keeps, in the shape `getSessionUser` gives. */
function sessionUserOf(user: SessionSourceUser): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email.toLowerCase(),
    image: user.image ?? null,
    emailVerified: user.emailVerified,
    role: ROLES.find((role) => role === user.role) ?? "member",
    held: user.held === true,
    createdAt: dateOf(user.createdAt),
  };
}

/** A date as better-auth gives it (a Date, or ISO text in JSON); undefined when it is neither. */
function dateOf(value: unknown): Date | undefined {
  const date = value instanceof Date ? value : typeof value === "string" ? new Date(value) : undefined;
  return date && Number.isFinite(date.getTime()) ? date : undefined;
}

/**
 * Keeps the session a sign-in or sign-up just made (better-auth's answer, before the API reshapes it), so
 * the member's first page asks nothing of the database either: keyed by the session cookie exactly as the
 * browser will send it, until the cookie's Max-Age. `generation` is the kept sessions' generation read
 * before the sign-in: a new session notifies nobody, so anything dropped since (an account changed on
 * another instance) means it is not kept, and the first request looks it up as before.
 */
export async function keepNewSession(
  sessionCache: SessionCache,
  answer: Response,
  generation: number,
): Promise<void> {
  if (answer.status !== 200) return;
  const cookies = answer.headers
    .getSetCookie()
    .map((line) => {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const maxAge = attributes.find((attribute) => /^max-age=/i.test(attribute));
      return { pair, maxAge: maxAge ? Number(maxAge.slice("max-age=".length)) : Number.NaN };
    })
    .filter(({ pair }) => isSessionCookie(pair));
  const key = cookies.map(({ pair }) => pair).join("; ");
  const maxAge = Math.min(...cookies.map(({ maxAge }) => maxAge));
  if (!key || !Number.isFinite(maxAge) || maxAge <= 0) return;
  const body = (await answer.json().catch(() => null)) as {
    user?: Parameters<typeof sessionUserOf>[0];
  } | null;
  if (!body?.user?.id) return;
  sessionCache.set(key, generation, {
    user: sessionUserOf(body.user),
    expiresAt: Date.now() + maxAge * 1000,
  });
}

/** The signed-in user of this request, or null for a visitor: for routes that answer both. */
export async function getSessionUser(c: SessionContext): Promise<SessionUser | null> {
  // Read once per request, however many middlewares and handlers ask.
  if (c.var.sessionUser !== undefined) return c.var.sessionUser;
  // No session cookie, no session: a visitor's public read costs no database lookup (ADR 022).
  const key = sessionCookieKey(c.req.raw.headers.get("Cookie"));
  if (!key) {
    c.set("sessionUser", null);
    return null;
  }
  // A member's session is kept in memory while nothing changes it (ADR 034).
  const { sessionCache } = c.var;
  const kept = sessionCache.get(key);
  if (kept) {
    c.set("sessionUser", kept.user);
    return kept.user;
  }
  const generation = sessionCache.generation;
  const session = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
  const user: SessionUser | null = session ? sessionUserOf(session.user) : null;
  if (session && user)
    sessionCache.set(key, generation, { user, expiresAt: new Date(session.session.expiresAt).getTime() });
  c.set("sessionUser", user);
  return user;
}

/**
 * Route middleware for routes that read the session when there is one and answer visitors too: the handler
 * asks `getSessionUser(c)`, and the API document marks the session optional.
 */
export const optionalUser = () => declaring({ optionalSession: true });

/**
 * Route middleware for routes that need an account: a visitor gets 401 with `message` before the
 * request's parameters or body are validated; otherwise the handler finds the user in `c.var.user`.
 * Given to `createRoute({ middleware })`, so a route and its guard are declared together.
 */
export function requireUser(message: string) {
  return answering(
    createMiddleware<SignedInEnv>(async (c, next) => {
      const user = await getSessionUser(c);
      if (!user) throw new HttpError(401, message);
      c.set("user", user);
      await next();
    }),
    errorResponses({ 401: `Not signed in ("${message}")` }),
  );
}

/**
 * Route middleware for routes that post or change what others read (a tip, a comment, a photo, a page,
 * a report): as `requireUser`, and an account on hold (ADR 041) gets 403 until a moderator decides. The
 * hold is the session's, which a change to the account drops on every instance.
 */
export function requirePoster(message: string) {
  return answering(
    createMiddleware<SignedInEnv>(async (c, next) => {
      const user = await getSessionUser(c);
      if (!user) throw new HttpError(401, message);
      if (user.held) throw new HttpError(403, ACCOUNT_ON_HOLD);
      c.set("user", user);
      await next();
    }),
    errorResponses({ 401: `Not signed in ("${message}")`, 403: "The account is on hold" }),
  );
}

/** Each role's standing: a role may do what every role below it may. */
const STANDING: Record<Role, number> = { member: 0, moderator: 1, administrator: 2 };

/**
 * Route middleware for the moderation team's routes: a visitor gets 401 with `message`, a member whose
 * role is below `role` gets 403, before anything else is read; otherwise the user is in `c.var.user`.
 * The role is the session's, which a role change drops on every instance (ADR 034).
 */
export function requireRole(role: Exclude<Role, "member">, message: string) {
  const refusal =
    role === "administrator" ? "Only an administrator may do this" : "Only moderators may do this";
  return answering(
    createMiddleware<SignedInEnv>(async (c, next) => {
      const user = await getSessionUser(c);
      if (!user) throw new HttpError(401, message);
      if (STANDING[user.role] < STANDING[role]) throw new HttpError(403, refusal);
      c.set("user", user);
      await next();
    }),
    errorResponses({ 401: `Not signed in ("${message}")`, 403: `Signed in without the ${role} role` }),
  );
}
