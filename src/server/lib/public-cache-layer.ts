import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";
import { etagOf } from "./negotiate.ts";
import {
  hasSessionCookie,
  memberKey,
  type PublicCache,
  type PublicScope,
  type PublicTable,
  type Reply,
  replyFor,
} from "./public-cache.ts";
import { getSessionUser } from "./session.ts";

/** The cache key of a request: its path and query exactly as sent (the server's fast path makes the same). */
function cacheKey(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start === -1 ? "/" : url.slice(start);
}

/**
 * Marks this answer as one to keep: the same bytes for every visitor (`"visitor"`), for everyone, signed
 * in or not (`"everyone"`), or for this member alone (`"member"`, kept with their session: ADR 034), read
 * from `reads` (an answer that reads nothing stays until a restart), and stale by itself at `until` when
 * it says so. Browsers revalidate it (ETag) rather than reuse it unasked: never stale; a member's own
 * answer is private to their browser.
 */
export function markPublic(
  c: {
    set(key: "publicScope", value: AppEnv["Variables"]["publicScope"]): void;
    header(name: string, value: string): void;
  },
  scope: PublicScope,
  reads: readonly PublicTable[],
  { until }: { until?: number } = {},
) {
  c.set("publicScope", { scope, reads, until });
  c.header("Cache-Control", scope === "member" ? "private, no-cache" : "no-cache");
}

export function toResponse(reply: Reply): Response {
  // Node's Buffers here are views of plain ArrayBuffers (never shared memory): no copy is made.
  const body = reply.body
    ? new Uint8Array(reply.body.buffer as ArrayBuffer, reply.body.byteOffset, reply.body.length)
    : null;
  return new Response(body, { status: reply.status, headers: reply.headers });
}

/**
 * The app's side of the public-answer cache (lib/public-cache.ts): answers GETs from it and stores what
 * the routes mark public (API answers and server-rendered pages). Only committed changes empty it, through
 * the change feed; a request that may have written waits, before it answers, until its own change is in,
 * so its author's next read shows it. A refused request (4xx) changed nothing and does not wait.
 * Registered first, so a stored answer carries every header the app adds and a hit skips all the rest.
 */
export function publicCacheLayer(cache: PublicCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { method } = c.req;
    if (method !== "GET" && method !== "HEAD") {
      try {
        await next();
      } finally {
        // A failure (5xx, a thrown error) may have committed something before it failed: waited for too.
        if (method !== "OPTIONS" && !(c.res.status >= 400 && c.res.status < 500)) await cache.settled();
      }
      return;
    }
    const key = cacheKey(c.req.url);
    const signedIn = hasSessionCookie(c.req.header("Cookie"));
    const request = {
      method,
      ifNoneMatch: c.req.header("If-None-Match"),
      acceptEncoding: c.req.header("Accept-Encoding"),
    };
    const hit = cache.get(key, signedIn);
    if (hit) return toResponse(replyFor(hit, request));

    const generation = cache.generation;
    await next();
    const marked = c.get("publicScope");
    // A member's own answer is kept by memberCacheLayer, under the member's key.
    if (
      !marked ||
      c.res.status !== 200 ||
      marked.scope === "member" ||
      (signedIn && marked.scope === "visitor")
    )
      return;
    const body = Buffer.from(await c.res.arrayBuffer());
    const headers = [...c.res.headers].filter(([name]) => name !== "content-length");
    const answer = { body, headers, scope: marked.scope, reads: marked.reads };
    const stored = method === "GET" ? cache.set(key, generation, answer) : null;
    c.res = toResponse(replyFor(stored ?? { ...answer, etag: etagOf(body) }, request));
  };
}

/**
 * The same for a member's own answers (`markPublic(c, "member", ...)`: their tip with their like, My Tips,
 * their dashboard): kept under the member's key, found through their kept session (ADR 034), dropped by
 * the same committed changes. After apiContext, where the session is read.
 */
export function memberCacheLayer(cache: PublicCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { method } = c.req;
    if ((method !== "GET" && method !== "HEAD") || !hasSessionCookie(c.req.header("Cookie"))) return next();
    const user = await getSessionUser(c);
    if (!user) return next();
    const key = memberKey(user.id, cacheKey(c.req.url));
    const request = {
      method,
      ifNoneMatch: c.req.header("If-None-Match"),
      acceptEncoding: c.req.header("Accept-Encoding"),
    };
    const hit = cache.get(key, true);
    if (hit) return toResponse(replyFor(hit, request));
    const generation = cache.generation;
    await next();
    const marked = c.get("publicScope");
    if (marked?.scope !== "member" || c.res.status !== 200) return;
    const body = Buffer.from(await c.res.arrayBuffer());
    const headers = [...c.res.headers].filter(([name]) => name !== "content-length");
    const answer = { body, headers, scope: marked.scope, reads: marked.reads, until: marked.until };
    const stored = method === "GET" ? cache.set(key, generation, answer) : null;
    c.res = toResponse(replyFor(stored ?? { ...answer, etag: etagOf(body) }, request));
  };
}
