import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";
import { etagOf } from "./negotiate.ts";
import {
  hasSessionCookie,
  type PublicCache,
  type PublicScope,
  type PublicTable,
  type Reply,
  replyFor,
} from "./public-cache.ts";

/** The cache key of a request: its path and query exactly as sent (the server's fast path makes the same). */
function cacheKey(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start === -1 ? "/" : url.slice(start);
}

/**
 * Marks this answer as public: the same bytes for every visitor (`"visitor"`), or for everyone, signed
 * in or not (`"everyone"`), read from `reads` (an answer that reads nothing stays until a restart).
 * Browsers revalidate it (ETag) rather than reuse it unasked: never stale.
 */
export function markPublic(
  c: Pick<Context<AppEnv>, "set" | "header">,
  scope: PublicScope,
  reads: readonly PublicTable[],
) {
  c.set("publicScope", { scope, reads });
  c.header("Cache-Control", "no-cache");
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
    if (!marked || c.res.status !== 200 || (signedIn && marked.scope === "visitor")) return;
    const body = Buffer.from(await c.res.arrayBuffer());
    const headers = [...c.res.headers].filter(([name]) => name !== "content-length");
    const answer = { body, headers, scope: marked.scope, reads: marked.reads };
    const stored = method === "GET" ? cache.set(key, generation, answer) : null;
    c.res = toResponse(replyFor(stored ?? { ...answer, etag: etagOf(body) }, request));
  };
}
