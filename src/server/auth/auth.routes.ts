import { getConnInfo } from "@hono/node-server/conninfo";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { PASSWORD_POLICY, PasswordPolicySchema } from "#shared/schemas/auth.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import type { AppEnv } from "../app.ts";
import type { Auth } from "./auth.ts";
import { RateLimiter } from "./rate-limit.ts";

const passwordPolicyRoute = createRoute({
  method: "get",
  path: "/auth/password-policy",
  tags: ["Accounts"],
  summary: "The password rules sign-up, reset and change enforce",
  responses: {
    200: {
      description: "The password policy",
      content: { "application/json": { schema: PasswordPolicySchema } },
    },
  },
});

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "local";
  }
}

/** The JSON body's fields, read from a copy so better-auth still gets the body; {} when it is not JSON. */
async function peekBody(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.raw
    .clone()
    .json()
    .catch(() => null);
  return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
}

async function bodyEmail(c: Context): Promise<string | null> {
  const { email } = await peekBody(c);
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

function tooMany(c: Context, seconds: number, what: string) {
  c.header("Retry-After", String(seconds));
  return c.json({ message: `Too many ${what}. Try again in ${seconds} seconds.` }, 429);
}

interface Limit {
  perIp: RateLimiter;
  perAccount: RateLimiter;
  what: string;
  /** Count only failed attempts (sign-in), or every attempt (sign-up, reset e-mails). */
  failuresOnly: boolean;
}

/** Rate limits per IP address and per account, answering 429 with a message and Retry-After. */
function rateLimit(limit: Limit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ip = clientIp(c);
    const email = await bodyEmail(c);
    const wait = Math.max(limit.perIp.blockedFor(ip), email ? limit.perAccount.blockedFor(email) : 0);
    if (wait > 0) return tooMany(c, wait, limit.what);
    if (!limit.failuresOnly) {
      limit.perIp.hit(ip);
      if (email) limit.perAccount.hit(email);
    }
    await next();
    if (limit.failuresOnly && c.res.status >= 400 && c.res.status < 500) {
      limit.perIp.hit(ip);
      if (email) limit.perAccount.hit(email);
    }
  };
}

const MINUTE = 60_000;

/**
 * Per account the limits stop guessing one password and flooding one inbox. Per IP address they are
 * looser: one address can be a whole office or school behind NAT, and it must take a flood, not a busy
 * morning, to lock it out.
 */
export const RATE_LIMITS = {
  signIn: { perAccount: { count: 5, minutes: 15 }, perIp: { count: 100, minutes: 15 } },
  signUp: { perAccount: { count: 5, minutes: 10 }, perIp: { count: 300, minutes: 10 } },
  resetEmail: { perAccount: { count: 3, minutes: 15 }, perIp: { count: 100, minutes: 15 } },
} as const;

/**
 * better-auth refuses a signed-in POST without Origin. The cross-origin guard in app.ts has already let
 * through only writes that no browser page made on another site's behalf, so those speak for the site.
 */
function withOrigin(request: Request, siteOrigin: string): Request {
  if (request.method !== "POST" || request.headers.has("Origin")) return request;
  const headers = new Headers(request.headers);
  headers.set("Origin", siteOrigin);
  return new Request(request, { headers });
}

export function registerAuthRoutes(
  app: OpenAPIHono<AppEnv>,
  auth: Auth,
  {
    rateLimits,
    siteOrigin,
    googleConfigured,
  }: { rateLimits: boolean; siteOrigin: string; googleConfigured: boolean },
) {
  app.openapi(passwordPolicyRoute, (c) => c.json({ ...PASSWORD_POLICY }, 200));

  if (rateLimits) {
    const limiter = ({ count, minutes }: { count: number; minutes: number }) =>
      new RateLimiter(count, minutes * MINUTE);
    app.post(
      "/auth/sign-in/email",
      rateLimit({
        what: "failed sign-in attempts",
        failuresOnly: true,
        perIp: limiter(RATE_LIMITS.signIn.perIp),
        perAccount: limiter(RATE_LIMITS.signIn.perAccount),
      }),
    );
    app.post(
      "/auth/sign-up/email",
      rateLimit({
        what: "sign-up attempts",
        failuresOnly: false,
        perIp: limiter(RATE_LIMITS.signUp.perIp),
        perAccount: limiter(RATE_LIMITS.signUp.perAccount),
      }),
    );
    app.post(
      "/auth/request-password-reset",
      rateLimit({
        what: "password reset requests",
        failuresOnly: false,
        perIp: limiter(RATE_LIMITS.resetEmail.perIp),
        perAccount: limiter(RATE_LIMITS.resetEmail.perAccount),
      }),
    );
  }

  if (!googleConfigured) {
    // Said plainly, rather than better-auth's bare "Provider not found".
    app.post("/auth/sign-in/social", async (c, next) => {
      if ((await peekBody(c)).provider !== "google") return next();
      return c.json({ message: "Google sign-in is not configured on this server" }, 404);
    });
  }

  app.on(["GET", "POST"], "/auth/*", async (c) => {
    const response = await auth.handler(withOrigin(c.req.raw, siteOrigin));
    // better-auth answers an unknown path with an empty text 404; the API's is JSON, as everywhere.
    if (response.status === 404 && !response.headers.get("Content-Type")?.includes("json"))
      return c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404);
    return response;
  });
  documentAuthEndpoints(app);
}

/** better-auth's own endpoints, described so /api/docs lists them beside ours. */
function documentAuthEndpoints(app: OpenAPIHono<AppEnv>) {
  const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });
  const error = { description: "Refused, with a message", ...json(ApiErrorSchema) };
  const user = z
    .object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      image: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .meta({ id: "User" });
  const endpoints: Array<{
    method: "get" | "post";
    path: string;
    summary: string;
    body?: z.ZodType;
    ok: z.ZodType;
  }> = [
    {
      method: "post",
      path: "/auth/sign-up/email",
      summary: "Create an account with e-mail and password, and sign in",
      body: z.object({
        name: z.string(),
        email: z.string(),
        password: z.string(),
        image: z.string().optional(),
      }),
      ok: z.object({ token: z.string().nullable(), user }),
    },
    {
      method: "post",
      path: "/auth/sign-in/email",
      summary: "Sign in with e-mail and password (sets the session cookie)",
      body: z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() }),
      ok: z.object({ token: z.string(), user }),
    },
    {
      method: "post",
      path: "/auth/sign-out",
      summary: "Sign out (clears the session)",
      ok: z.object({ success: z.boolean() }),
    },
    {
      method: "get",
      path: "/auth/get-session",
      summary: "The signed-in user and session, or null",
      ok: z.object({ user, session: z.object({ id: z.string(), expiresAt: z.string() }) }).nullable(),
    },
    {
      method: "post",
      path: "/auth/update-user",
      summary: "Change the display name and photo",
      body: z.object({ name: z.string().optional(), image: z.string().nullable().optional() }),
      ok: z.object({ status: z.boolean() }),
    },
    {
      method: "post",
      path: "/auth/request-password-reset",
      summary: "E-mail a password reset link (answers the same whether or not the account exists)",
      body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
      ok: z.object({ status: z.boolean(), message: z.string().optional() }),
    },
    {
      method: "post",
      path: "/auth/reset-password",
      summary: "Set a new password with the token from the e-mail",
      body: z.object({ newPassword: z.string(), token: z.string() }),
      ok: z.object({ status: z.boolean() }),
    },
    {
      method: "post",
      path: "/auth/sign-in/social",
      summary: 'Start Google sign-in: answers the provider URL to open ({ provider: "google" })',
      body: z.object({
        provider: z.literal("google"),
        callbackURL: z.string().optional(),
        errorCallbackURL: z.string().optional(),
        disableRedirect: z.boolean().optional(),
      }),
      ok: z.object({ url: z.string(), redirect: z.boolean() }),
    },
    {
      method: "post",
      path: "/auth/change-password",
      summary: "Change the signed-in user's password (the password policy applies)",
      body: z.object({
        currentPassword: z.string(),
        newPassword: z.string(),
        revokeOtherSessions: z.boolean().optional(),
      }),
      ok: z.object({ token: z.string().nullable(), user }),
    },
  ];
  for (const endpoint of endpoints) {
    app.openAPIRegistry.registerPath({
      method: endpoint.method,
      path: endpoint.path,
      tags: ["Accounts"],
      summary: endpoint.summary,
      request: endpoint.body
        ? { body: { content: { "application/json": { schema: endpoint.body } } } }
        : undefined,
      responses: {
        200: { description: "Done", ...json(endpoint.ok) },
        400: error,
        401: error,
        ...(endpoint.path.includes("sign-in/email") ||
        endpoint.path.includes("sign-up") ||
        endpoint.path.includes("reset")
          ? { 429: { description: "Too many attempts; see Retry-After", ...json(ApiErrorSchema) } }
          : {}),
      },
    });
  }
}
