import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

/**
 * Content negotiation, once for every answer the server sends: static files (web.ts), cached public
 * answers (public-cache.ts) and pages, and the build's precompressed copies (scripts/compress-web.ts).
 */
export type Encoding = "br" | "gzip";

/** Below this many bytes compression saves less than it costs. */
export const COMPRESS_FROM = 1024;

/** Accept-Encoding values already read (browsers send a handful of distinct ones). */
const parsed = new Map<string, Map<string, number>>();

function qualities(acceptEncoding: string): Map<string, number> {
  const known = parsed.get(acceptEncoding);
  if (known) return known;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  if (parsed.size < 100) parsed.set(acceptEncoding, accepted);
  return accepted;
}

/** The best of `available` the client accepts (brotli first), by RFC 9110's Accept-Encoding; null for none. */
export function preferredEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Encoding[],
): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const accepted = qualities(acceptEncoding);
  for (const encoding of ["br", "gzip"] as const)
    if (available.includes(encoding) && (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0)
      return encoding;
  return null;
}

/** If-None-Match matches the ETag (a list, weak forms and * included; RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * A compressed copy: `"request"` effort for what is compressed while a client waits (once per cached
 * answer), `"build"` for what is compressed once ahead of time (the build, the page shell).
 */
export function compress(body: Buffer, encoding: Encoding, effort: "request" | "build"): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level: effort === "build" ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: effort === "build" ? 11 : 6,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
