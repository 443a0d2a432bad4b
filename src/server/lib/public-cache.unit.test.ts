import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { etagOf, hasSessionCookie, matchesEtag, PublicCache, replyFor } from "./public-cache.ts";

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const answer = (body: Buffer, scope: "visitor" | "everyone" = "everyone") => ({
  body,
  headers: [
    ["content-type", "application/json"],
    ["cache-control", "no-cache"],
  ] as Array<[string, string]>,
  scope,
});

describe("PublicCache", () => {
  it("keeps an answer until it is invalidated", () => {
    const cache = new PublicCache();
    const stored = cache.set("/api/x", cache.generation, answer(json({ a: 1 })));
    expect(stored?.etag).toBe(etagOf(json({ a: 1 })));
    expect(cache.get("/api/x", false)?.body.toString()).toBe('{"a":1}');
    cache.invalidate();
    expect(cache.get("/api/x", false)).toBeUndefined();
  });

  it("refuses an answer read before an invalidation (it may be stale)", () => {
    const cache = new PublicCache();
    const before = cache.generation;
    cache.invalidate();
    expect(cache.set("/api/x", before, answer(json([])))).toBeNull();
    expect(cache.get("/api/x", false)).toBeUndefined();
  });

  it("shares a visitor's answer with visitors only, and an everyone answer with the signed-in too", () => {
    const cache = new PublicCache();
    cache.set("/api/tip", cache.generation, answer(json({}), "visitor"));
    cache.set("/api/list", cache.generation, answer(json([]), "everyone"));
    expect(cache.get("/api/tip", true)).toBeUndefined();
    expect(cache.get("/api/tip", false)).toBeDefined();
    expect(cache.get("/api/list", true)).toBeDefined();
  });

  it("drops the oldest answers beyond its bounds", () => {
    const cache = new PublicCache();
    for (let i = 0; i < 5_100; i++) cache.set(`/api/${i}`, cache.generation, answer(json(i)));
    expect(cache.size).toBe(5_000);
    expect(cache.get("/api/0", false)).toBeUndefined();
    expect(cache.get("/api/5099", false)).toBeDefined();
  });
});

describe("replyFor", () => {
  const big = json(Array.from({ length: 200 }, (_, i) => ({ title: `Tip ${i}`, text: "water deeply" })));

  it("answers 304 without a body to a matching If-None-Match, weak or in a list", () => {
    const cache = new PublicCache();
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
    const cache = new PublicCache();
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
    const cache = new PublicCache();
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
