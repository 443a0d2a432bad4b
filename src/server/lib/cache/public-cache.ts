import type { ListenOptions } from "../../db/client.ts";
import { COMPRESS_FROM, compress, etagOf, matchesEtag, preferredEncoding } from "../requests/negotiate.ts";
import { ChangeFeed, type FollowedDatabase } from "./change-feed.ts";

/**
 * Public answers, serialized once and reused until a committed change makes them stale (ADR 022, 026).
 *
 * A route marks an answer as public (`markPublic` in public-cache-layer.ts): the same bytes for every
 * visitor, or for everyone (`scope: "everyone"`, e.g. the public tip list, which has nothing per user),
 * and names the tables it read. The first request builds it through the whole app; later ones get the
 * stored bytes, their ETag (304 on If-None-Match) and a compressed copy when asked, from `get` and
 * `replyFor`, which both the app and the server's fast path use.
 *
 * Never stale. Triggers on every table in `PUBLIC_TABLES` NOTIFY the table's name when a change commits,
 * whoever makes it (this instance, another, a tool), and `follow` drops the answers that read it. A
 * request's own write is in before it answers: `afterWrite` waits for its notification. An answer read
 * while a change happened is not stored (`generation`). While the listening connection is lost, or its
 * heartbeat has not come back in time, nothing is served from the cache or stored in it; when it is back,
 * the cache starts empty.
 */

/**
 * The tables cached answers read, each with a trigger that NOTIFYs on change (migrations 0007, 0010, 0012,
 * 0031, 0033, 0039, 0041, 0056: member_settings for a member's place only, 0059).
 */
export const PUBLIC_TABLES = [
  "tips",
  "gardeners",
  "tip_likes",
  "users",
  "comments",
  "blocks",
  "photo_holds",
  "moderation_cases",
  "follows",
  "member_settings",
  "site_crops",
] as const;
export type PublicTable = (typeof PUBLIC_TABLES)[number];
/**
 * What a visitor's page reads: not comments (their count is on the tip), blocks (a visitor has none) nor
 * photo holds (photos are files of their own), so a new comment does not drop every cached page. The
 * site's crops, which change seldom, decide whether a crop's page is one.
 */
export const PAGE_TABLES: readonly PublicTable[] = ["tips", "gardeners", "tip_likes", "users", "site_crops"];

/** The channel those triggers notify on; a payload is the changed table's name. */
const PUBLIC_CHANGE_CHANNEL = "public_change";

export interface PublicAnswer {
  body: Buffer;
  etag: string;
  /** Every header of the answer as the app made it (security headers included), but the length. */
  headers: Array<[string, string]>;
  scope: PublicScope;
  /** The route pattern that made it, for the request log and metrics of the requests it answers. */
  route?: string;
  /** The tables the answer was read from: a change to any of them drops it. */
  reads: readonly PublicTable[];
  /** When the answer goes stale by itself (a week's figures at the week's end), in ms since the epoch. */
  until?: number;
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

/**
 * "visitor": only requests without a session cookie may share it; "everyone": signed in or not;
 * "member": one member's own answer, kept under `memberKey` and found only through that member's session.
 */
export type PublicScope = "visitor" | "everyone" | "member";

/** Where one member's own answer to `path` is kept: no request's path is ever this key. */
export function memberKey(userId: string, path: string): string {
  return `member ${userId} ${path}`;
}

/** What to send for a cached answer: a status, the headers and the bytes (none for 304 and HEAD). */
export interface Reply {
  status: 200 | 304;
  headers: Array<[string, string]>;
  body: Buffer | null;
}

const MAX_ENTRIES = 5000;
const MAX_BYTES = 64 * 1024 * 1024;

export class PublicCache {
  private readonly watchers = new Set<(table: string | null) => void>();
  private entries = new Map<string, PublicAnswer>();
  private bytes = 0;
  private version = 0;
  private readonly feed = new ChangeFeed(PUBLIC_CHANGE_CHANNEL, {
    changed: (table) => this.changed(table),
    dropAll: () => this.invalidate(),
  });

  /** Changes on every invalidation; read it before reading the database for an answer. */
  get generation(): number {
    return this.version;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether answers may be served and stored now: the change feed is listening and answering. */
  get live(): boolean {
    return this.feed.live;
  }

  /** The stored answer for `key`, if `signedIn` may share it and the cache is live. */
  get(key: string, signedIn: boolean): PublicAnswer | undefined {
    if (this.entries.size === 0 || !this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (signedIn ? entry.scope === "visitor" : entry.scope === "member") return undefined;
    if (entry.until !== undefined && Date.now() >= entry.until) {
      this.entries.delete(key);
      this.bytes -= entry.body.length;
      return undefined;
    }
    return entry;
  }

  /** Stores an answer read at `generation`, unless the cache was invalidated since or is not live. */
  set(key: string, generation: number, answer: Omit<PublicAnswer, "etag">): PublicAnswer | null {
    if (generation !== this.version || !this.live) return null;
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

  /**
   * Calls `watcher` with each table a committed change reaches the cache for, and with null when the cache
   * is emptied (what it keeps may be stale). Keeps of their own (the photos on hold) follow the same feed.
   * The returned function stops watching.
   */
  watch(watcher: (table: string | null) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** Drops the answers that read `table`; with no known table, every answer. */
  changed(table: string): void {
    if (!(PUBLIC_TABLES as readonly string[]).includes(table)) {
      this.invalidate();
      return;
    }
    for (const watcher of this.watchers) watcher(table);
    this.version += 1;
    for (const [key, entry] of this.entries)
      if ((entry.reads as readonly string[]).includes(table)) {
        this.entries.delete(key);
        this.bytes -= entry.body.length;
      }
  }

  invalidate(): void {
    for (const watcher of this.watchers) watcher(null);
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Listens for committed changes to the public tables and keeps the cache true to them (see above).
   * Until this resolves the cache serves nothing. The returned function stops listening.
   */
  follow(database: FollowedDatabase, options: ListenOptions = {}): Promise<() => Promise<void>> {
    return this.feed.follow(database, options);
  }

  /**
   * Resolves once every change committed before the call has reached the cache: a marker is sent on the
   * same channel, and PostgreSQL delivers notifications in commit order. Used after a request that may
   * have written, so its own change shows on the next read, and by tests that write straight to the
   * database. If the marker does not come back in time, the cache is emptied.
   */
  settled(timeoutMs = 3000): Promise<void> {
    return this.feed.settled(timeoutMs);
  }
}

/** Whether a request carries a better-auth session cookie (either name: plain http or __Secure-). */
export function hasSessionCookie(cookie: string | null | undefined): boolean {
  return cookie ? cookie.includes("better-auth.session_token=") : false;
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
    const body = kind === "identity" ? answer.body : compress(answer.body, kind, "request");
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
    : prepare(
        answer,
        (answer.body.length >= COMPRESS_FROM && preferredEncoding(request.acceptEncoding, ["br", "gzip"])) ||
          "identity",
      );
  return request.method === "HEAD" ? { ...reply, body: null } : reply;
}
