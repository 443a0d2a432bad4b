import { createRoute } from "@hono/zod-openapi";
import { and, eq, gt } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { PASSWORD_POLICY, PasswordPolicySchema } from "#shared/schemas/auth.ts";
import { type ApiError, ApiErrorSchema } from "#shared/schemas/common.ts";
import { verifications } from "../db/schema.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { clientIp } from "../lib/client-ip.ts";
import { createRouter } from "../lib/create-router.ts";
import { parseJsonObject } from "../lib/json-body.ts";
import { getSessionUser } from "../lib/session.ts";
import { HIDDEN_AUTH_PATHS } from "../modules/docs/openapi-document.ts";
import type { Auth } from "./auth.ts";
import { type LimitKey, limitKey, RateLimitStore, type Window } from "./rate-limit.ts";

const passwordPolicyRoute = createRoute({
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

const checkResetTokenRoute = createRoute({
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

/** The JSON object the request gate read (see `requestGate`); {} before it ran or for a GET. */
function bodyOf(c: Context<AppEnv>): Record<string, unknown> {
  return c.var.jsonBody ?? {};
}

function bodyEmail(c: Context<AppEnv>): string | null {
  const { email } = bodyOf(c);
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Every POST to better-auth passes here first, whatever its encoding: the body is read once (its size
 * already bounded by the body limit), must be a JSON object (415 for other content types, 400 for
 * malformed JSON, a bare value or a NUL), and an empty body counts as {} (sign-out sends none). The
 * limits below count on these parsed credentials, and better-auth gets exactly the same object.
 */
function requestGate(siteOrigins: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "POST") {
      const result = parseJsonObject(await c.req.text(), c.req.header("Content-Type"));
      if (!result.ok) return c.json<ApiError>({ message: result.message }, result.status);
      c.set("jsonBody", result.value);
    }
    const problem = redirectProblem({ ...c.req.query(), ...bodyOf(c) }, siteOrigins);
    if (problem) return c.json<ApiError>({ message: problem }, 400);
    await next();
  };
}

const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * Where better-auth sends the browser afterwards must be a path on this site (or its own origin): anything
 * else would be an open redirect, and some values ("0", "http://") make better-auth itself fail with a 500.
 */
function redirectProblem(fields: Record<string, unknown>, siteOrigins: string[]): string | null {
  for (const name of REDIRECT_FIELDS) {
    const value = fields[name];
    if (value === undefined) continue;
    if (typeof value !== "string") return `${name} must be a string`;
    if (value === "" || (value.startsWith("/") && !value.startsWith("//") && !value.includes("\\"))) continue;
    let origin: string | null = null;
    try {
      origin = new URL(value).origin;
    } catch {}
    if (!origin || !siteOrigins.includes(origin)) return `${name} must be a path on this site, like /profile`;
  }
  return null;
}

function tooMany(c: Context, seconds: number, what: string) {
  c.header("Retry-After", String(seconds));
  return c.json<ApiError>({ message: `Too many ${what}. Try again in ${seconds} seconds.` }, 429);
}

interface Limit {
  what: string;
  /** Count only failed attempts (sign-in, password checks), or every attempt (sign-up, e-mails sent). */
  failuresOnly: boolean;
  keys: (c: Context<AppEnv>, ip: string) => Promise<LimitKey[]>;
}

/** Takes a turn on every key of `limit` before the request goes on; 429 with Retry-After when one is used up. */
function rateLimit(limit: Limit, trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const store = new RateLimitStore(c.var.db);
    const turn = await store.take(await limit.keys(c, clientIp(c, trustProxy)));
    if (!turn.allowed) return tooMany(c, turn.retryAfter, limit.what);
    await next();
    if (limit.failuresOnly && c.res.status < 400) await turn.release();
  };
}

/**
 * Per account and address the limits stop guessing one password from one place. Per account across all
 * addresses the ceiling is ten times higher, so an attacker at one address never locks the owner out at
 * another. Per address they are looser still: one address can be a whole office or school behind NAT.
 * Counted in the database (rate-limit.ts).
 */
export const RATE_LIMITS = {
  signIn: {
    perAccountAndIp: { count: 5, minutes: 15 },
    perAccount: { count: 50, minutes: 15 },
    perIp: { count: 100, minutes: 15 },
  },
  /** change-password and verify-password: the same, for the signed-in account. */
  passwordCheck: {
    perAccountAndIp: { count: 5, minutes: 15 },
    perAccount: { count: 50, minutes: 15 },
    perIp: { count: 100, minutes: 15 },
  },
  signUp: { perAccount: { count: 5, minutes: 10 }, perIp: { count: 300, minutes: 10 } },
  resetEmail: { perAccount: { count: 3, minutes: 15 }, perIp: { count: 100, minutes: 15 } },
  verificationEmail: { perAccount: { count: 3, minutes: 15 }, perIp: { count: 100, minutes: 15 } },
} as const;

type Scope = keyof typeof RATE_LIMITS;

/** The keys for one kind of limit: per address always, per account (and account and address) when known. */
function keysFor(scope: Scope, ip: string, account: string | null): LimitKey[] {
  const limits = RATE_LIMITS[scope] as Record<string, Window>;
  const keys: LimitKey[] = [{ key: limitKey(scope, "ip", ip), window: limits.perIp as Window }];
  if (account) {
    keys.push({ key: limitKey(scope, "account", account), window: limits.perAccount as Window });
    if (limits.perAccountAndIp)
      keys.push({ key: limitKey(scope, "account+ip", account, ip), window: limits.perAccountAndIp });
  }
  return keys;
}

/**
 * better-auth refuses a signed-in POST without Origin. The cross-origin guard in app.ts has already let
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
  {
    rateLimits,
    siteOrigins,
    googleConfigured,
    trustProxy = 0,
  }: { rateLimits: boolean; siteOrigins: string[]; googleConfigured: boolean; trustProxy?: number },
) {
  const router = createRouter();
  router.openapi(passwordPolicyRoute, (c) => c.json({ ...PASSWORD_POLICY }, 200));
  router.use("/auth/*", requestGate(siteOrigins));
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

  if (rateLimits) {
    const byEmail = (scope: Scope) => async (c: Context<AppEnv>, ip: string) =>
      keysFor(scope, ip, bodyEmail(c));
    const bySession = (scope: Scope) => async (c: Context<AppEnv>, ip: string) =>
      keysFor(scope, ip, (await getSessionUser(c))?.id ?? null);
    const limits: Array<[string, Limit]> = [
      [
        "/auth/sign-in/email",
        { what: "failed sign-in attempts", failuresOnly: true, keys: byEmail("signIn") },
      ],
      [
        "/auth/change-password",
        { what: "failed password attempts", failuresOnly: true, keys: bySession("passwordCheck") },
      ],
      [
        "/auth/verify-password",
        { what: "failed password attempts", failuresOnly: true, keys: bySession("passwordCheck") },
      ],
      ["/auth/sign-up/email", { what: "sign-up attempts", failuresOnly: false, keys: byEmail("signUp") }],
      [
        "/auth/request-password-reset",
        { what: "password reset requests", failuresOnly: false, keys: byEmail("resetEmail") },
      ],
      [
        "/auth/send-verification-email",
        { what: "verification e-mails", failuresOnly: false, keys: byEmail("verificationEmail") },
      ],
    ];
    for (const [path, limit] of limits) router.post(path, rateLimit(limit, trustProxy));
  }

  if (!googleConfigured) {
    // Said plainly, rather than better-auth's bare "Provider not found".
    router.post("/auth/sign-in/social", async (c, next) => {
      if (bodyOf(c).provider !== "google") return next();
      return c.json({ message: "Google sign-in is not configured on this server" }, 404);
    });
  }

  router.on(["GET", "POST"], "/auth/*", async (c) => {
    const path = c.req.path.slice("/api/auth".length);
    if (HIDDEN_AUTH_PATHS.has(path) || path.startsWith("/open-api/"))
      return c.json<ApiError>({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404);
    const response = await auth.handler(forwardedRequest(c, siteOrigins[0] as string));
    // better-auth answers an unknown path with an empty text 404; the API's is JSON, as everywhere.
    if (response.status === 404 && !response.headers.get("Content-Type")?.includes("json"))
      return c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404);
    return response;
  });
  return router;
}
