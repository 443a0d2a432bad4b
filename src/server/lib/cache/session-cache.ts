import type { SessionUser } from "../session-user.ts";
import { ChangeFeed, type FollowedDatabase } from "./change-feed.ts";

const SESSION_CHANGE_CHANNEL = "session_change";
/**
 * The listening connection proves itself four times a second, so a connection that dies silently is
 * distrusted within 750 ms: a session ended on another instance is never served from here for more than
 * a second, even then.
 */
const HEARTBEAT_MS = 250;
/** A kept session is read again from the database at least this often (better-auth then extends it). */
const KEEP_MS = 5 * 60_000;
const MAX_ENTRIES = 20_000;

/** What is kept of a signed-in session: who it is, until when, and the session answer as sent. */
export interface KeptSession {
  user: SessionUser;
  expiresAt: number;
  /** GET /api/auth/get-session's answer for it as the app sent it, every header included, once sent. */
  answer?: { body: Buffer; headers: Array<[string, string]> };
}

interface Entry extends KeptSession {
  keptUntil: number;
}

/**
 * Signed-in sessions kept in memory by their cookie (ADR 034), so a member's request costs no session
 * lookup: the key is the whole signed cookie value better-auth accepted, so a forged or altered cookie is
 * never found here and goes to better-auth. Like the public cache (ADR 026) it trusts only committed
 * changes, through its own LISTEN: a session or account that changes, on any instance or from any tool,
 * drops every session kept for that account; a silent or lost listener stops all serving from here
 * within a second. An instance's own sign-out, password change or profile change waits, before it
 * answers, until its change is in (`settled`). A route that ends sessions some other way (suspending an
 * account) must write the sessions or users table, which tells every instance.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private byUser = new Map<string, Set<string>>();
  private version = 0;
  private readonly feed = new ChangeFeed(SESSION_CHANGE_CHANNEL, {
    changed: (userId) => this.changed(userId),
    dropAll: () => this.changed(""),
  });

  /** Changes on every drop; read it before asking the database, and give it to `set`. */
  get generation(): number {
    return this.version;
  }

  get live(): boolean {
    return this.feed.live;
  }

  get(cookie: string): KeptSession | undefined {
    if (this.entries.size === 0 || !this.live) return undefined;
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    const now = Date.now();
    if (now >= entry.keptUntil || now >= entry.expiresAt) {
      this.remove(cookie);
      return undefined;
    }
    return entry;
  }

  /** Keeps a session read at `generation`, unless something was dropped since or the feed is not live. */
  set(cookie: string, generation: number, session: KeptSession): void {
    if (generation !== this.version || !this.live) return;
    this.remove(cookie);
    this.entries.set(cookie, { ...session, keptUntil: Date.now() + KEEP_MS });
    const cookies = this.byUser.get(session.user.id) ?? new Set<string>();
    cookies.add(cookie);
    this.byUser.set(session.user.id, cookies);
    // Oldest first out, beyond the bound.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.remove(oldest);
    }
  }

  /** Adds the session answer to a kept session, if it is still kept as it was. */
  setAnswer(cookie: string, generation: number, answer: NonNullable<KeptSession["answer"]>): void {
    if (generation !== this.version || !this.live) return;
    const entry = this.entries.get(cookie);
    if (entry) entry.answer = answer;
  }

  /** Drops every session kept for `userId`; with no id, every session. */
  changed(userId: string): void {
    this.version += 1;
    if (!userId) {
      this.entries.clear();
      this.byUser.clear();
      return;
    }
    for (const cookie of this.byUser.get(userId) ?? []) this.entries.delete(cookie);
    this.byUser.delete(userId);
  }

  private remove(cookie: string): void {
    const entry = this.entries.get(cookie);
    if (!entry) return;
    this.entries.delete(cookie);
    const cookies = this.byUser.get(entry.user.id);
    cookies?.delete(cookie);
    if (cookies?.size === 0) this.byUser.delete(entry.user.id);
  }

  /** Listens for changes to sessions and accounts; until this resolves nothing is kept. */
  follow(database: FollowedDatabase): Promise<() => Promise<void>> {
    return this.feed.follow(database, { heartbeatMs: HEARTBEAT_MS });
  }

  /**
   * Resolves once every change committed before the call has reached this instance's sessions. If it
   * does not come back in time, everything kept is dropped.
   */
  settled(timeoutMs = 3000): Promise<void> {
    return this.feed.settled(timeoutMs);
  }
}
