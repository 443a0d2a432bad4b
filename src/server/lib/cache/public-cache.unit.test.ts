import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { Database, Listener } from "../../db/client.ts";
import { etagOf, matchesEtag } from "../requests/negotiate.ts";
import { hasSessionCookie, PublicCache, type PublicTable, replyFor } from "./public-cache.ts";

/** A cache following a change feed the test drives by hand: `feed` is what the database would report. */
async function followedCache() {
  const cache = new PublicCache();
  let feed: Listener | undefined;
  const database = {
    listen: async (_channel: string, listener: Listener) => {
      feed = listener;
      listener.trustedUntil(Number.POSITIVE_INFINITY);
      return async () => {};
    },
    db: { execute: async () => ({ rows: [] }) },
  } as unknown as Database;
  await cache.follow(database);
  if (!feed) throw new Error("not listening");
  return { cache, feed };
}

/** A cache whose change feed is trusted for good, for the tests that are not about the feed. */
function liveCache(): PublicCache {
  const cache = new PublicCache();
  void cache.follow({
    listen: async (_channel: string, listener: Listener) => {
      listener.trustedUntil(Number.POSITIVE_INFINITY);
      return async () => {};
    },
  } as unknown as Database);
  return cache;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const answer = (
  body: Buffer,
  scope: "visitor" | "everyone" = "everyone",
  reads: readonly PublicTable[] = ["tips"],
) => ({
  body,
  headers: [
    ["content-type", "application/json"],
    ["cache-control", "no-cache"],
  ] as Array<[string, string]>,
  scope,
  reads,
});

describe("PublicCache", () => {
  it("keeps an answer until it is invalidated", () => {
    const cache = liveCache();
    const stored = cache.set("/api/x", cache.generation, answer(json({ a: 1 })));
    expect(stored?.etag).toBe(etagOf(json({ a: 1 })));
    expect(cache.get("/api/x", false)?.body.toString()).toBe('{"a":1}');
    cache.invalidate();
    expect(cache.get("/api/x", false)).toBeUndefined();
  });

  it("refuses an answer read before an invalidation (it may be stale)", () => {
    const cache = liveCache();
    const before = cache.generation;
    cache.invalidate();
    expect(cache.set("/api/x", before, answer(json([])))).toBeNull();
    expect(cache.get("/api/x", false)).toBeUndefined();
  });

  it("shares a visitor's answer with visitors only, and an everyone answer with the signed-in too", () => {
    const cache = liveCache();
    cache.set("/api/tip", cache.generation, answer(json({}), "visitor"));
    cache.set("/api/list", cache.generation, answer(json([]), "everyone"));
    expect(cache.get("/api/tip", true)).toBeUndefined();
    expect(cache.get("/api/tip", false)).toBeDefined();
    expect(cache.get("/api/list", true)).toBeDefined();
  });

  it("serves and stores nothing until it follows the database's changes", () => {
    const cache = new PublicCache();
    expect(cache.set("/api/x", cache.generation, answer(json(1)))).toBeNull();
    expect(cache.get("/api/x", false)).toBeUndefined();
  });

  it("drops only the answers that read the changed table; an unknown change drops every answer", async () => {
    const { cache, feed } = await followedCache();
    cache.set("/api/tips", cache.generation, answer(json(1), "everyone", ["tips"]));
    cache.set("/api/gardeners", cache.generation, answer(json(2), "everyone", ["gardeners"]));
    cache.set("/", cache.generation, answer(json(3), "visitor", ["tips", "gardeners"]));
    cache.set("/api/config", cache.generation, answer(json(4), "everyone", []));
    feed.notify("gardeners");
    expect(cache.get("/api/tips", false)).toBeDefined();
    expect(cache.get("/api/gardeners", false)).toBeUndefined();
    expect(cache.get("/", false)).toBeUndefined();
    expect(cache.get("/api/config", false)).toBeDefined();
    feed.notify("");
    expect(cache.size).toBe(0);
  });

  it("serves nothing while its listener is lost, and starts empty when it is back", async () => {
    const { cache, feed } = await followedCache();
    cache.set("/api/tips", cache.generation, answer(json(1)));
    feed.lost();
    expect(cache.get("/api/tips", false)).toBeUndefined();
    expect(cache.set("/api/tips", cache.generation, answer(json(2)))).toBeNull();
    feed.trustedUntil(Number.POSITIVE_INFINITY);
    feed.back();
    expect(cache.get("/api/tips", false)).toBeUndefined();
    expect(cache.set("/api/tips", cache.generation, answer(json(3)))).not.toBeNull();
    expect(cache.get("/api/tips", false)?.body.toString()).toBe("3");
  });

  it("stops serving the moment its heartbeat is overdue, without waiting for a timer", async () => {
    const { cache, feed } = await followedCache();
    let now = Date.parse("2026-11-26T10:00:00Z");
    const clock = vi.spyOn(Date, "now").mockImplementation(() => now);
    try {
      feed.trustedUntil(now + 3000);
      cache.set("/api/tips", cache.generation, answer(json(1)));
      now += 2999;
      expect(cache.get("/api/tips", false)).toBeDefined();
      now += 1;
      expect(cache.get("/api/tips", false)).toBeUndefined();
      // A late beat on the same connection: every notification before it has been applied.
      feed.trustedUntil(now + 3000);
      expect(cache.get("/api/tips", false)).toBeDefined();
    } finally {
      clock.mockRestore();
    }
  });

  it("drops the oldest answers beyond its bounds", () => {
    const cache = liveCache();
    for (let i = 0; i < 5_100; i++) cache.set(`/api/${i}`, cache.generation, answer(json(i)));
    expect(cache.size).toBe(5_000);
    expect(cache.get("/api/0", false)).toBeUndefined();
    expect(cache.get("/api/5099", false)).toBeDefined();
  });
});

describe("replyFor", () => {
  const big = json(Array.from({ length: 200 }, (_, i) => ({ title: `Tip ${i}`, text: "water deeply" })));

  it("answers 304 without a body to a matching If-None-Match, weak or in a list", () => {
    const cache = liveCache();
    const stored = cache.set("/api/x", cache.generation, answer(big));
    if (!stored) throw new Error("not stored");
    for (const ifNoneMatch of [stored.etag, `W/${stored.etag}`, `"other", ${stored.etag}`, "*"]) {
      const reply = replyFor(stored, { method: "GET", ifNoneMatch });
      expect(reply.status).toBe(304);
      expect(reply.body).toBeNull();
      expect(new Map(reply.headers).get("etag")).toBe(stored.etag);
    }
    expect(replyFor(stored, { method: "GET", ifNoneMatch: '"other"' }).status).toBe(200);
  });

  it("compresses with brotli or gzip as asked, and says so with Vary", () => {
    const cache = liveCache();
    const stored = cache.set("/api/x", cache.generation, answer(big));
    if (!stored) throw new Error("not stored");
    const br = replyFor(stored, { method: "GET", acceptEncoding: "gzip, deflate, br, zstd" });
    expect(new Map(br.headers).get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(br.body ?? Buffer.alloc(0)).equals(big)).toBe(true);
    const gzip = replyFor(stored, { method: "GET", acceptEncoding: "gzip;q=1, br;q=0" });
    expect(new Map(gzip.headers).get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzip.body ?? Buffer.alloc(0)).equals(big)).toBe(true);
    const plain = replyFor(stored, { method: "GET" });
    expect(new Map(plain.headers).get("content-encoding")).toBeUndefined();
    expect(new Map(plain.headers).get("content-length")).toBe(String(big.length));
    for (const reply of [br, gzip, plain]) expect(new Map(reply.headers).get("vary")).toBe("Accept-Encoding");
  });

  it("leaves small answers uncompressed and answers HEAD without a body", () => {
    const cache = liveCache();
    const stored = cache.set("/api/x", cache.generation, answer(json({ ok: true })));
    if (!stored) throw new Error("not stored");
    const reply = replyFor(stored, { method: "HEAD", acceptEncoding: "br" });
    expect(reply.body).toBeNull();
    expect(new Map(reply.headers).get("content-encoding")).toBeUndefined();
  });
});

describe("helpers", () => {
  it("tells a session cookie from other cookies", () => {
    expect(hasSessionCookie("better-auth.session_token=abc.def")).toBe(true);
    expect(hasSessionCookie("theme=dark; __Secure-better-auth.session_token=abc")).toBe(true);
    expect(hasSessionCookie("theme=dark")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });

  it("matches ETags", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(null, '"a"')).toBe(false);
  });
});
