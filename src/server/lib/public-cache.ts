import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

/**
 * Public answers, serialized once and reused until a write makes them stale (ADR 022).
 *
 * A route marks an answer as public (`markPublic`): the same bytes for every visitor, or for everyone
 * (`scope: "everyone"`, e.g. the public tip list, which has nothing per user). The first request builds
 * it through the whole app; later ones get the stored bytes, their ETag (304 on If-None-Match) and a
 * compressed copy when asked, from `lookup`, which both the app and the server's fast path use.
 *
 * Never stale: every write through the API clears the cache (`invalidate`), and so does a notification
 * from the database (each instance LISTENs; triggers on the tables behind public answers NOTIFY on every
 * change, whoever makes it). An answer read while a write happened is not stored: `generation` is
 * taken before the read and compared when storing.
 */
export interface PublicAnswer {
  body: Buffer;
  etag: string;
  /** Every header of the answer as the app made it (security headers included), but the length. */
  headers: Array<[string, string]>;
  scope: PublicScope;
  /** The replies, made on first request for each encoding (and 304), then sent as they are. */
  replies?: Partial<Record<"identity" | "br" | "gzip" | "notModified", PreparedReply>>;
}

/** A reply ready to send: the headers flattened as node's writeHead takes them. */
interface PreparedReply {
  status: 200 | 304;
  headers: Array<[string, string]>;
  flatHeaders: string[];
  body: Buffer | null;
}

/** "visitor": only requests without a session cookie may share it; "everyone": signed in or not. */
export type PublicScope = "visitor" | "everyone";

/** What to send for a cached answer: a status, the headers and the bytes (none for 304 and HEAD). */
export interface Reply {
  status: 200 | 304;
  headers: Array<[string, string]>;
  body: Buffer | null;
}

/** Below this many bytes compression saves less than it costs. */
const COMPRESS_FROM = 1024;
const MAX_ENTRIES = 5000;
const MAX_BYTES = 64 * 1024 * 1024;

export class PublicCache {
  private entries = new Map<string, PublicAnswer>();
  private bytes = 0;
  private version = 0;

  /** Changes on every invalidation; read it before reading the database for an answer. */
  get generation(): number {
    return this.version;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The stored answer for `key`, if `signedIn` may share it. */
  get(key: string, signedIn: boolean): PublicAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || (signedIn && entry.scope !== "everyone")) return undefined;
    return entry;
  }

  /** Stores an answer read at `generation`, unless the cache was invalidated since. */
  set(key: string, generation: number, answer: Omit<PublicAnswer, "etag">): PublicAnswer | null {
    if (generation !== this.version) return null;
    const entry: PublicAnswer = { ...answer, etag: etagOf(answer.body) };
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.body.length;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    // Oldest first out, when a crawl of every page and search would outgrow the bounds.
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= old.body.length;
    }
    return entry;
  }

  invalidate(): void {
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
  }
}

export function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether a request carries a better-auth session cookie (either name: plain http or __Secure-). */
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return cookie ? cookie.includes("better-auth.session_token=") : false;
}

/** If-None-Match matches the ETag (a list, weak forms and * included; RFC 9110 13.1.2). */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Accept-Encoding values already read (browsers send a handful of distinct ones). */
const encodingChoices = new Map<string, "br" | "gzip" | null>();

/** The best encoding the client accepts that this answer is worth compressing with. */
function chooseEncoding(acceptEncoding: string | null | undefined, size: number): "br" | "gzip" | null {
  if (!acceptEncoding || size < COMPRESS_FROM) return null;
  const known = encodingChoices.get(acceptEncoding);
  if (known !== undefined) return known;
  const choice = parseAcceptEncoding(acceptEncoding);
  if (encodingChoices.size < 100) encodingChoices.set(acceptEncoding, choice);
  return choice;
}

function parseAcceptEncoding(acceptEncoding: string): "br" | "gzip" | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (wants("br")) return "br";
  if (wants("gzip")) return "gzip";
  return null;
}

function compress(body: Buffer, encoding: "br" | "gzip"): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The headers every reply of this answer shares: its own, Vary completed, and the ETag. */
function baseHeaders(answer: PublicAnswer): Array<[string, string]> {
  const headers = answer.headers.filter(([name]) => name !== "vary");
  const vary = [
    ...(answer.headers
      .find(([name]) => name === "vary")?.[1]
      .split(",")
      .map((v) => v.trim()) ?? []),
    ...(answer.body.length >= COMPRESS_FROM ? ["Accept-Encoding"] : []),
  ];
  if (vary.length > 0) headers.push(["vary", [...new Set(vary)].join(", ")]);
  headers.push(["etag", answer.etag]);
  return headers;
}

function prepare(answer: PublicAnswer, kind: "identity" | "br" | "gzip" | "notModified"): PreparedReply {
  const cached = answer.replies?.[kind];
  if (cached) return cached;
  const headers = baseHeaders(answer);
  let reply: PreparedReply;
  if (kind === "notModified") {
    const kept = headers.filter(([name]) => name !== "content-type");
    reply = { status: 304, headers: kept, flatHeaders: kept.flat(), body: null };
  } else {
    const body = kind === "identity" ? answer.body : compress(answer.body, kind);
    if (kind !== "identity") headers.push(["content-encoding", kind]);
    headers.push(["content-length", String(body.length)]);
    reply = { status: 200, headers, flatHeaders: headers.flat(), body };
  }
  answer.replies = { ...answer.replies, [kind]: reply };
  return reply;
}

/**
 * The reply to a GET or HEAD for a stored answer: 304 when the client has it, else the bytes, compressed
 * when asked. Each kind of reply is made once per answer; `flatHeaders` is what node's writeHead takes.
 */
export function replyFor(
  answer: PublicAnswer,
  request: { method: string; ifNoneMatch?: string | null; acceptEncoding?: string | null },
): Reply & { flatHeaders: string[] } {
  const reply = matchesEtag(request.ifNoneMatch, answer.etag)
    ? prepare(answer, "notModified")
    : prepare(answer, chooseEncoding(request.acceptEncoding, answer.body.length) ?? "identity");
  return request.method === "HEAD" ? { ...reply, body: null } : reply;
}
