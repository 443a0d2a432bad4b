import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, ListenOptions } from "../../db/client.ts";

const SYNC_PREFIX = "sync:";

/** What a cache following a channel is told (see `Listener` in db/database.ts). */
interface ChangeHandlers {
  /** A change committed; the payload is what its trigger said. */
  changed(payload: string): void;
  /** Until when nothing can have been missed. */
  trustedUntil(time: number): void;
  /** The listening connection is gone: what is held can no longer be trusted. */
  lost(): void;
  /** A new connection listens; what was sent meanwhile is unknown. */
  back(): void;
}

/**
 * Follows the committed changes on `channel` for a cache (ADR 026): resolves once listening, with the
 * function that stops it and `settle`, which resolves once every change committed before the call has
 * come back and rejects after `timeoutMs` otherwise.
 *
 * A change is known to have come back when a marker sent after it does: PostgreSQL delivers notifications
 * in commit order. A marker is a NOTIFY, and PostgreSQL commits notifying transactions one at a time, so
 * writers must not each send their own: callers share markers (ADR 036). One marker is out at a time; the
 * callers that arrive while it is out cannot count on it (it may have been sent before their change
 * committed) and share the next one, sent when it is back. Under any load, a write waits for at most two
 * markers, and the database sees at most one marker per round trip instead of one per write.
 */
async function followChanges(
  database: Pick<Database, "listen" | "db">,
  channel: string,
  handlers: ChangeHandlers,
  options: ListenOptions = {},
): Promise<{ stop: () => Promise<void>; settle: (timeoutMs: number) => Promise<void> }> {
  const waiting = new Map<string, () => void>();
  const stop = await database.listen(
    channel,
    {
      notify: (payload) => {
        if (!payload.startsWith(SYNC_PREFIX)) return handlers.changed(payload);
        waiting.get(payload)?.();
        waiting.delete(payload);
      },
      trustedUntil: handlers.trustedUntil,
      lost: handlers.lost,
      back: handlers.back,
    },
    options,
  );
  const sendMarker = async (timeoutMs: number) => {
    const marker = `${SYNC_PREFIX}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => {
        waiting.delete(marker);
        reject(new Error(`No notification came back within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(marker, resolve);
    });
    try {
      await database.db.execute(sql`select pg_notify(${channel}, ${marker})`);
      await arrived;
    } finally {
      clearTimeout(timer);
    }
  };
  /** The marker that is out, if any. */
  let out: Promise<void> | null = null;
  /** The callers since `out` was sent: they share the next marker, sent the moment `out` is back. */
  let next: { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } | null = null;
  const send = (timeoutMs: number): Promise<void> => {
    const sent = sendMarker(timeoutMs);
    out = sent;
    // Whatever became of it (back, timed out), the waiting callers' marker goes at once, before anyone
    // else can take the turn: a caller that waits is never passed over by later ones.
    const turn = () => {
      out = null;
      const waiting = next;
      next = null;
      if (waiting) send(timeoutMs).then(waiting.resolve, waiting.reject);
    };
    sent.then(turn, turn);
    return sent;
  };
  const settle = (timeoutMs: number): Promise<void> => {
    if (!out) return send(timeoutMs);
    if (!next) {
      let resolve = () => {};
      let reject: (error: unknown) => void = () => {};
      const promise = new Promise<void>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      next = { promise, resolve, reject };
    }
    return next.promise;
  };
  return { stop, settle };
}

/** What a feed needs of the database it follows. */
export type FollowedDatabase = Pick<Database, "listen" | "db"> &
  Partial<Pick<Database, "notifiesBeforeAnswering">>;

/**
 * A cache's side of the change feed: how long it may trust what it holds (`live`), following it, and
 * waiting for an instance's own change (`settled`). The cache says how a change drops what it holds and
 * how to drop everything (when the feed was lost, is back, or a marker did not come back in time).
 */
export class ChangeFeed {
  private trustedUntil = 0;
  private settle: ((timeoutMs: number) => Promise<void>) | null = null;

  constructor(
    private readonly channel: string,
    private readonly cache: { changed(payload: string): void; dropAll(): void },
  ) {}

  /** Whether anyone asked `live` since the last beat of the listener: an idle cache asks for none. */
  private asked = false;

  /** Whether what the cache holds may be served and added to now. */
  get live(): boolean {
    this.asked = true;
    return Date.now() < this.trustedUntil;
  }

  /** Listens on the channel; until this resolves the cache is not live. Returns the function that stops. */
  async follow(database: FollowedDatabase, options: ListenOptions = {}) {
    const { stop, settle: sendAndWait } = await followChanges(
      database,
      this.channel,
      {
        changed: (payload) => this.cache.changed(payload),
        trustedUntil: (time) => {
          this.trustedUntil = time;
        },
        lost: () => {
          this.trustedUntil = 0;
          this.cache.dropAll();
        },
        back: () => this.cache.dropAll(),
      },
      {
        ...options,
        wanted: () => {
          const asked = this.asked;
          this.asked = false;
          return asked;
        },
      },
    );
    // A change that reaches the cache before its writer goes on needs no marker to wait for.
    this.settle = database.notifiesBeforeAnswering ? async () => {} : sendAndWait;
    return async () => {
      this.settle = null;
      this.trustedUntil = 0;
      await stop();
    };
  }

  /** Resolves once every change committed before the call has reached the cache (see `followChanges`). */
  async settled(timeoutMs = 3000): Promise<void> {
    if (!this.settle || !this.live) return;
    await this.settle(timeoutMs).catch(() => this.cache.dropAll());
  }
}
