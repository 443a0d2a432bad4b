import type { Context, MiddlewareHandler, Next } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../app-env.ts";
import type { Metrics } from "../metrics.ts";
import { etagOf } from "../requests/negotiate.ts";
import { type RequestNote, requestContext } from "../requests/request-context.ts";
import { sessionCookieKey } from "../security/session.ts";
import {
  hasSessionCookie,
  memberKey,
  type PublicCache,
  type PublicScope,
  type PublicTable,
  type Reply,
  replyFor,
} from "./public-cache.ts";
import type { SessionCache } from "./session-cache.ts";

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
export function publicCacheLayer(
  cache: PublicCache,
  sessions: SessionCache,
  metrics: Metrics,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { method } = c.req;
    if (isSessionAsk(method, cacheKey(c.req.url))) return keptSessionAnswer(c, next, sessions, metrics);
    if (method !== "GET" && method !== "HEAD") {
      try {
        await next();
      } finally {
        // A failure (5xx, a thrown error) may have committed something before it failed: waited for too.
        if (method !== "OPTIONS" && !(c.res.status >= 400 && c.res.status < 500)) await cache.settled();
      }
      return;
    }
    const path = cacheKey(c.req.url);
    const cookie = c.req.header("Cookie");
    const signedIn = hasSessionCookie(cookie);
    const request = {
      method,
      ifNoneMatch: c.req.header("If-None-Match"),
      acceptEncoding: c.req.header("Accept-Encoding"),
    };
    // A member's own answer is found through their kept session, as the server's fast path finds it.
    const member = signedIn ? sessions.get(sessionCookieKey(cookie))?.user : undefined;
    const hit =
      cache.get(path, signedIn) ?? (member ? cache.get(memberKey(member.id, path), true) : undefined);
    if (hit) {
      answersReadFor(c)?.kept(hit.reads, hit.until);
      noteHit(hit.route, hit.scope === "member" ? member?.id : undefined);
      metrics.cacheLookup(hit.scope === "member" ? "member" : "public", true);
      return toResponse(replyFor(hit, request));
    }

    const generation = cache.generation;
    await next();
    const marked = c.get("publicScope");
    const keepable = marked && !(signedIn && marked.scope === "visitor");
    // A member's own answer is in no page kept for visitors. A 404 shows nothing in the page (its part
    // is left to the browser, which shows what the answer says); any other failure (a limit, an error)
    // says nothing of the data either, but the page made meanwhile must not stay.
    const read = answersReadFor(c);
    if (c.res.status === 200 && keepable && marked.scope !== "member") read?.kept(marked.reads, marked.until);
    else if (c.res.status !== 404) read?.notKept();
    if (!keepable || c.res.status !== 200) return compressedAsKept(c, request);
    // A miss is an answer the cache could have given and built instead; answers never kept are not counted.
    metrics.cacheLookup(marked.scope === "member" ? "member" : "public", false);
    // Kept for the member the route answered, under their key; never under the path.
    const owner = marked.scope === "member" ? c.var.sessionUser : undefined;
    if (marked.scope === "member" && !owner) return;
    const key = owner ? memberKey(owner.id, path) : path;
    const { body, headers } = await readAnswer(c.res);
    const answer = {
      body,
      headers,
      scope: marked.scope,
      route: routePath(c),
      reads: marked.reads,
      until: marked.until,
    };
    const stored = method === "GET" ? cache.set(key, generation, answer) : null;
    c.res = toResponse(replyFor(stored ?? { ...answer, etag: etagOf(body) }, request));
  };
}

/**
 * What a page the server renders from the app's own answers (web.ts) learns of them, handed to those
 * requests as their environment: the tables each kept answer reads and when the first goes stale by
 * itself, and whether any answer was one the cache may not keep. A visitor's page made from them is kept
 * as long as all of them would be (ADR 075).
 */
export class AnswersRead {
  private readonly tables = new Set<PublicTable>();
  private until: number | undefined;
  private unkept = false;

  kept(reads: readonly PublicTable[], until?: number) {
    for (const table of reads) this.tables.add(table);
    if (until !== undefined) this.until = Math.min(until, this.until ?? until);
  }

  notKept() {
    this.unkept = true;
  }

  /**
   * What a page made from these answers reads, with `own` (what the page's frame reads), and when it goes
   * stale by itself; null: keep it not.
   */
  page(own: readonly PublicTable[]): { reads: PublicTable[]; until?: number } | null {
    if (this.unkept) return null;
    const reads = [...new Set([...own, ...this.tables])];
    return this.until === undefined ? { reads } : { reads, until: this.until };
  }
}

const answersReadFor = (c: Context) => (c.env as { answersRead?: AnswersRead } | undefined)?.answersRead;

/** The app's answer as bytes and its headers but the length, which each reply sets for what it sends. */
async function readAnswer(res: Response) {
  const body = Buffer.from(await res.arrayBuffer());
  return { body, headers: [...res.headers].filter(([name]) => name !== "content-length") };
}

/**
 * An answer that is not kept (a member's comments, another member's reads) is still sent compressed when
 * the browser accepts it, with its ETag, as a kept one is: JSON answers only, of a size worth it
 * (`replyFor`), and never one the app compressed or streams as something else.
 */
async function compressedAsKept(c: Context<AppEnv>, request: Parameters<typeof replyFor>[1]) {
  if (c.res.status !== 200 || c.res.headers.has("content-encoding")) return;
  if (!c.res.headers.get("content-type")?.startsWith("application/json")) return;
  const { body, headers } = await readAnswer(c.res);
  c.res = toResponse(replyFor({ body, headers, etag: etagOf(body), scope: "member", reads: [] }, request));
}

/** The path of the session ask, which is also its route pattern in the request log. */
export const SESSION_ROUTE = "/api/auth/get-session";

/** GET /api/auth/get-session, plainly asked (no query), asked on every page load; `path` with its query. */
export function isSessionAsk(method: string | undefined, path: string): boolean {
  return method === "GET" && path === SESSION_ROUTE;
}

/** Notes on the request being answered that a cache answered it, for which route and account. */
export function noteHit(
  route: string | undefined,
  account: string | undefined,
  note: RequestNote | undefined = requestContext.getStore(),
): void {
  if (!note) return;
  note.cache = "hit";
  if (route) note.route = route;
  if (account) note.account = account;
}

/**
 * The session answer kept with the member's session (ADR 034), as the app sent it, every header included,
 * so the server's fast path can send the same: while nothing changed the session or its account. An answer
 * that sets a cookie (better-auth extending the session) is never kept.
 */
async function keptSessionAnswer(c: Context<AppEnv>, next: Next, sessions: SessionCache, metrics: Metrics) {
  const key = sessionCookieKey(c.req.header("Cookie"));
  if (!key) return next();
  const session = sessions.get(key);
  metrics.cacheLookup("session", Boolean(session?.answer));
  if (session?.answer) {
    noteHit(SESSION_ROUTE, session.user.id);
    return new Response(new Uint8Array(session.answer.body), {
      status: 200,
      headers: session.answer.headers,
    });
  }
  const generation = sessions.generation;
  await next();
  if (c.res.status !== 200 || c.res.headers.has("Set-Cookie")) return;
  const { body, headers } = await readAnswer(c.res);
  sessions.setAnswer(key, generation, { body, headers });
  c.res = new Response(new Uint8Array(body), { status: 200, headers });
}
