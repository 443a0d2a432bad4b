import { and, eq, gt } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { PASSWORD_POLICY, PasswordPolicySchema } from "#shared/schemas/auth.ts";
import { type ApiError, ApiErrorSchema } from "#shared/schemas/common.ts";
import { verifications } from "../../db/schema.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { GENERIC_SERVER_ERROR, noSuchEndpoint } from "../../lib/requests/errors.ts";
import { apiRoute } from "../../lib/requests/openapi.ts";
import { CONTROL_CHARACTER } from "../../lib/security/control-characters.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { getSessionUser, keepNewSession } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { photoRecord } from "../uploads/index.ts";
import type { Auth } from "./auth.ts";
import { AUTH_LIMITS, HIDDEN_AUTH_PATHS } from "./auth-limits.ts";
import { deviceCookies } from "./device.ts";
import { isGoogleOnlyAuthPath } from "./google-only-paths.ts";
import { signUpBrakes } from "./sign-up-brakes.ts";

const passwordPolicyRoute = apiRoute({
  method: "get",
  path: "/auth/password-policy",
  operationId: "getPasswordPolicy",
  tags: ["Accounts"],
  summary: "The password rules sign-up, reset and change enforce",
  responses: {
    200: {
      description: "The password policy",
      content: { "application/json": { schema: PasswordPolicySchema } },
    },
  },
});

const ResetTokenCheckSchema = z
  .object({ token: z.string().min(1, "token is required").max(256, "token is malformed") })
  .meta({ id: "ResetTokenCheck" });
const ResetTokenStateSchema = z
  .object({ valid: z.boolean() })
  .meta({ id: "ResetTokenState", description: "Whether the reset link still sets a password" });

const checkResetTokenRoute = apiRoute({
  method: "post",
  path: "/auth/check-reset-token",
  operationId: "checkResetToken",
  tags: ["Accounts"],
  summary: "Whether a password-reset link can still be used",
  description:
    "The reset page asks as it opens, so a used, replaced or expired link says so before anything is typed. Only the newest link of an account works, once, for an hour.",
  request: { body: { content: { "application/json": { schema: ResetTokenCheckSchema } }, required: true } },
  responses: {
    200: {
      description: "Whether the link works",
      content: { "application/json": { schema: ResetTokenStateSchema } },
    },
    400: { description: "No token sent", content: { "application/json": { schema: ApiErrorSchema } } },
  },
});

/** The JSON object the API's gate read (lib/requests/json-body.ts); {} for a GET. */
function bodyOf(c: Context<AppEnv>): Record<string, unknown> {
  return c.var.jsonBody ?? {};
}

function bodyEmail(c: Context<AppEnv>): string | null {
  const { email } = bodyOf(c);
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Where better-auth may send the browser afterwards, and the sign-in `state` it reads back, are checked
 * (as every query value is for control characters) before it runs, in the query string (every value of a repeated key) and in the body alike. The body is the
 * JSON object the API's gate read (lib/requests/json-body.ts: one read, a JSON object or a clear refusal, {} when
 * empty, as sign-out sends); the limits count on it and better-auth gets exactly it.
 */
function redirectGate(siteOrigins: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // No value of better-auth's query strings (a reset token, a redirect) holds a control character: a NUL
    // would reach the database, which refuses it as text (a 500), and a line break the log.
    for (const [name, values] of Object.entries(c.req.queries()))
      if (values.some((value) => CONTROL_CHARACTER.test(value)))
        return c.json<ApiError>(
          { message: `${name} must not contain control characters such as line breaks or NUL` },
          400,
        );
    for (const [name, value] of gatedFields(c)) {
      const problem = fieldProblem(name, value, siteOrigins);
      if (problem) return c.json<ApiError>({ message: problem }, 400);
    }
    await next();
  };
}

/** Each redirect field and `state` the request carries: every value of a repeated query key, then the body's. */
function* gatedFields(c: Context<AppEnv>): Generator<[string, unknown]> {
  const query = c.req.queries();
  const body = bodyOf(c);
  for (const name of GATED_FIELDS) {
    for (const value of query[name] ?? []) yield [name, value];
    if (name in body) yield [name, body[name]];
  }
}

/** Where a password makes a session: its answer is kept as the member's first request would keep it. */
const SIGN_IN_PATHS = new Set(["/sign-in/email", "/sign-up/email"]);

const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];
const GATED_FIELDS = [...REDIRECT_FIELDS, "state"];

/** %2F and %5C: decoded again by a proxy or a browser, "/%2F%2Fevil.example" becomes "///evil.example". */
const ENCODED_SLASH = /%(2f|5c)/i;

/**
 * Where better-auth sends the browser afterwards must be a path on this site (or its own origin): anything
 * else would be an open redirect, and some values ("0", "http://") make better-auth itself fail with a 500.
 * A redirect's own query may carry encoded slashes (the sign-in page's return address does); its path not.
 */
function fieldProblem(name: string, value: unknown, siteOrigins: string[]): string | null {
  if (value === undefined) return null;
  if (typeof value !== "string") return `${name} must be a string`;
  // A line break would forge a line in the log and split the Location header (better-auth answers 500).
  if (CONTROL_CHARACTER.test(value))
    return `${name} must not contain control characters such as line breaks or NUL`;
  if (name === "state")
    return ENCODED_SLASH.test(value) ? "state must not contain an encoded slash (%2F or %5C)" : null;
  if (ENCODED_SLASH.test(value.split(/[?#]/, 1)[0] ?? ""))
    return `${name} must not contain an encoded slash (%2F or %5C) in its path`;
  if (value === "" || (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")))
    return null;
  let origin: string | null = null;
  try {
    origin = new URL(value).origin;
  } catch {}
  if (!origin || !siteOrigins.includes(origin)) return `${name} must be a path on this site, like /profile`;
  return null;
}

/**
 * better-auth refuses a signed-in POST without Origin. The cross-origin guard (lib/security/same-origin.ts) has already let
 * through only writes that no browser page made on another site's behalf, so those speak for the site.
 * A POST's body is the object the gate parsed, sent as JSON.
 */
function forwardedRequest(c: Context<AppEnv>, siteOrigin: string): Request {
  const request = c.req.raw;
  if (request.method !== "POST") return request;
  const headers = new Headers(request.headers);
  if (!headers.has("Origin")) headers.set("Origin", siteOrigin);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  headers.delete("Transfer-Encoding");
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(bodyOf(c)) });
}

/** The password policy, the limits and checks in front of better-auth, and better-auth itself under /auth. */
export function createAuthRouter(
  auth: Auth,
  { siteOrigins, googleConfigured }: { siteOrigins: string[]; googleConfigured: boolean },
) {
  const router = createRouter();
  router.openapi(passwordPolicyRoute, (c) => c.json({ ...PASSWORD_POLICY }, 200));
  router.use("/auth/*", redirectGate(siteOrigins));
  router.openapi(checkResetTokenRoute, async (c) => {
    const { token } = c.req.valid("json");
    // better-auth keeps a reset link as the verification "reset-password:<token>" until it is used.
    const [found] = await c.var.db
      .select({ id: verifications.id })
      .from(verifications)
      .where(
        and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())),
      )
      .limit(1);
    return c.json({ valid: found !== undefined }, 200);
  });

  const devices = deviceCookies(auth.options.secret, {
    secure: siteOrigins[0]?.startsWith("https:") ?? false,
  });
  // A browser where the account signed in with its password is remembered (ADR 032).
  router.post("/auth/sign-in/email", async (c, next) => {
    await next();
    const email = bodyEmail(c);
    if (c.res.status === 200 && email) await devices.remember(c, email);
  });

  const accountOf = {
    email: bodyEmail,
    emailOnDevice: async (c: Context<AppEnv>) => {
      const email = bodyEmail(c);
      return email ? { account: email, device: await devices.deviceOf(c, email) } : null;
    },
    session: async (c: Context<AppEnv>) => (await getSessionUser(c))?.id ?? null,
  };
  for (const { path, policy, account } of AUTH_LIMITS)
    router.post(`/auth${path}`, rateLimit(policy, accountOf[account]));
  router.post("/auth/sign-up/email", signUpBrakes());

  if (!googleConfigured) {
    // Said plainly, rather than better-auth's bare "Provider not found".
    router.post("/auth/sign-in/social", async (c, next) => {
      if (bodyOf(c).provider !== "google") return next();
      return c.json({ message: "Google sign-in is not configured on this server" }, 404);
    });
  }

  router.on(["GET", "POST"], "/auth/*", async (c) => {
    const path = c.req.path.slice("/api/auth".length);
    if (HIDDEN_AUTH_PATHS.has(path) || path.startsWith("/open-api/")) return noSuchEndpoint(c);
    if (!googleConfigured && isGoogleOnlyAuthPath(path)) return noSuchEndpoint(c);
    // The session asked for is kept first, so its answer can be kept with it (lib/cache/public-cache-layer.ts).
    if (path === "/get-session") await getSessionUser(c);
    const generation = c.var.sessionCache.generation;
    const response = await auth.handler(forwardedRequest(c, siteOrigins[0] as string));
    const signedIn = SIGN_IN_PATHS.has(path) && response.status === 200 ? response.clone() : null;
    // better-auth answers an unknown path with an empty text 404; the API's is JSON, as everywhere.
    if (response.status === 404 && !response.headers.get("Content-Type")?.includes("json"))
      return noSuchEndpoint(c);
    const answer = await withUserImage(c, await withErrorMessage(c, response));
    // A sign-out, a new password or a changed profile is in this instance's kept sessions before the
    // answer, so the next request sees it (ADR 034); other instances hear of it from the database.
    if (c.req.method === "POST" && answer.status < 400) await c.var.sessionCache.settled();
    if (signedIn) await keepNewSession(c.var.sessionCache, signedIn, generation);
    return answer;
  });
  return router;
}

const NO_SESSION = "Sign in first: this needs a signed-in session";

/**
 * better-auth refuses some account operations asked without a session with an empty body, and the rest
 * with a bare "Unauthorized"; the API's refusals are JSON `{ message }` saying what to do. Each refusal is
 * logged as the error handler does (lib/requests/errors.ts): a client's mistake at debug, a fault at error.
 */
async function withErrorMessage(c: Context<AppEnv>, response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.clone().text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>;
  } catch {}
  const given = typeof body.message === "string" && body.message ? body.message : null;
  const noSession = response.status === 401 && (!given || body.code === "UNAUTHORIZED");
  const where = `${c.req.method} ${c.req.path}`;
  if (response.status >= 500) c.var.logger.error(`${where} failed: ${given ?? "no message"}`);
  else c.var.logger.debug(`${where} answered ${response.status}: ${given ?? "no message"}`);
  if (given && !noSession) return response;
  const message = noSession
    ? NO_SESSION
    : response.status >= 500
      ? GENERIC_SERVER_ERROR
      : `The request was refused (${response.status})`;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ ...body, message }), { status: response.status, headers });
}

/**
 * An account's uploaded photo is stored as its record (ADR 063); every answer that carries the account
 * (the session, sign-in, sign-up, a changed profile) gives its photo at today's address with its size and
 * copies, and a linked picture absolute, like the rest of the API. The record's hash is the server's own.
 */
async function withUserImage(c: Context<AppEnv>, response: Response) {
  if (!response.headers.get("Content-Type")?.includes("json")) return response;
  const text = await response.clone().text();
  if (!text.includes('"image":"/') && !text.includes('"photoHash"')) return response;
  const body = JSON.parse(text) as { user?: Record<string, unknown> | null };
  const user = body?.user;
  if (!user) return response;
  const images = imagesOf(c);
  const photo = typeof user.photoHash === "string" ? await photoRecord(c.var.db, user.photoHash) : null;
  delete user.photoHash;
  const linked = typeof user.image === "string" ? user.image : null;
  if (photo || linked) Object.assign(user, { image: images.url(linked, photo, ""), ...images.view(photo) });
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
