import { lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { rowsOf } from "../../../db/rows.ts";
import { rateLimitHits } from "../../../db/schema.ts";
import type { Window } from "./policies.ts";

/** A key to count and its limit: e.g. failed sign-ins for one account from one address. */
export interface LimitKey {
  key: string;
  window: Window;
  /** The limit in words, for a refusal: "5 per account and address in 15 minutes". */
  rule?: string;
}

/**
 * What taking a turn answered: go ahead, or wait. A turn that goes ahead ends once its attempt is over:
 * `release` when it should not count (a successful sign-in), `keep` when it should.
 */
export type Turn =
  | { allowed: true; release: () => Promise<void>; keep: () => void }
  | { allowed: false; retryAfter: number; rule?: string };

/** What counting a turn found: 0 to go ahead, else the seconds to wait, the keys and the limit that refused. */
interface Refusal {
  retryAfter: number;
  blockedBy: string[];
  rule?: string;
}

/** How long a refused turn of a failures-only policy waits for turns in flight to be given back. */
const WAIT_FOR_PENDING_MS = 15_000;

/** A window's count after the upsert in `take`, and the seconds until it ends. */
const WindowRow = z.object({ count: z.number().int(), wait: z.number().int() });

/**
 * Fixed-window counters in the database (table rate_limit_hits), so they survive a restart and several
 * servers on one database share them. A turn is reserved before the attempt it guards, by one atomic
 * upsert per key that adds only while the window has room: fifty parallel guesses cannot all pass a
 * limit of five, because each sees the count the others already added, and a refused guess adds nothing.
 * A turn that should not count (a successful sign-in) gives its reservations back afterwards.
 */
export class RateLimitStore {
  private lastPrune = 0;
  /** Turns of this server still counting (between their first upsert and the answer), per key. */
  private readonly counting = new Map<string, number>();
  /** Turns of this server that went ahead and whose attempt is still running, per key. */
  private readonly running = new Map<string, number>();
  /** Bumped each time a running turn ends. */
  private ended = 0;
  /** Woken at every change of `counting` or `running`, to look again. */
  private waiting: Array<() => void> = [];

  constructor(private readonly db: Db) {}

  /**
   * Takes a turn on every key. With `waitForPending` (a failures-only policy), a turn refused while
   * turns of this server are still counting or running on the same keys waits for them: each may be a
   * correct attempt that gives its turn back, so ten correct sign-ins in parallel one failure short of a
   * limit go through one after another rather than nine being refused; guesses still get no more than
   * the limit checked. A turn is visible to the others from before its first upsert, so none is refused
   * for one that counted first but had not yet said so.
   */
  async take(
    keys: LimitKey[],
    { waitForPending = false, cost = 1 }: { waitForPending?: boolean; cost?: number } = {},
  ): Promise<Turn> {
    const deadline = Date.now() + WAIT_FOR_PENDING_MS;
    const names = keys.map(({ key }) => key);
    for (;;) {
      const endedBefore = this.ended;
      this.change(this.counting, names, 1);
      let outcome: Refusal;
      try {
        outcome = await this.reserve(keys, cost);
      } catch (error) {
        this.change(this.counting, names, -1);
        throw error;
      }
      const { retryAfter, blockedBy, rule } = outcome;
      this.change(this.counting, names, -1);
      if (retryAfter === 0) return this.started(names, cost);
      const refused = { allowed: false, retryAfter, rule } as const;
      if (!waitForPending) return refused;
      // Another turn still counting may be the one holding the last place: see what it becomes.
      while (!this.on(this.running, blockedBy) && this.on(this.counting, blockedBy)) {
        if (!(await this.next(deadline))) return refused;
      }
      if (this.on(this.running, blockedBy)) {
        // Wait until every running turn on these keys has ended, then count once more: guesses in
        // parallel are then refused after one more look, correct attempts get in one by one.
        while (this.on(this.running, blockedBy)) {
          if (!(await this.next(deadline))) return refused;
        }
      } else if (this.ended === endedBefore) {
        // Nothing counting or running, and nothing ended while this turn counted: the count is failures.
        return refused;
      }
    }
  }

  private on(turns: Map<string, number>, keys: string[]): boolean {
    return keys.some((key) => (turns.get(key) ?? 0) > 0);
  }

  private change(turns: Map<string, number>, keys: string[], by: 1 | -1) {
    for (const key of keys) {
      const left = (turns.get(key) ?? 0) + by;
      if (left > 0) turns.set(key, left);
      else turns.delete(key);
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }

  /** Resolves true at the next change of the turns counting or running, false if `deadline` passes first. */
  private next(deadline: number): Promise<boolean> {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), left);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * One atomic upsert per key, adding `cost` (1 for a request, its size for a limit on bytes) only where
   * the window has room; the keys it was added to are given back when another key refuses.
   */
  private async reserve(keys: LimitKey[], cost: number): Promise<Refusal> {
    const taken: string[] = [];
    const blockedBy: string[] = [];
    let retryAfter = 0;
    let rule: string | undefined;
    for (const { key, window, rule: words } of keys) {
      const rows = await rowsOf(
        this.db,
        WindowRow,
        sql`
          insert into ${rateLimitHits} (key, count, reset_at)
          values (${key}, ${cost}, now() + make_interval(secs => ${window.minutes * 60}))
          on conflict (key) do update set
            count = case when ${rateLimitHits.resetAt} <= now() then ${cost} else ${rateLimitHits.count} + ${cost} end,
            reset_at = case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end
          where ${rateLimitHits.resetAt} <= now() or ${rateLimitHits.count} + ${cost} <= ${window.count}
          returning count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait
        `,
      );
      const row = rows[0];
      if (row) taken.push(key);
      // No row: the window had no room and nothing was added. A row over the limit: a first request
      // bigger than the whole window (bytes), added and given back below.
      if (!row || row.count > window.count) {
        const wait = row?.wait ?? (await this.waitOf(key));
        // The refusal names the limit that lifts last.
        if (wait > retryAfter) [retryAfter, rule] = [wait, words];
        blockedBy.push(key);
      }
    }
    void this.pruneNowAndThen();
    if (retryAfter > 0) await this.give(taken, cost);
    return { retryAfter, blockedBy, rule };
  }

  /** Seconds until the window of `key` ends, at least 1. */
  private async waitOf(key: string): Promise<number> {
    const rows = await rowsOf(
      this.db,
      WindowRow,
      sql`
        select 0 as count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait
        from ${rateLimitHits} where key = ${key}
      `,
    );
    return rows[0]?.wait ?? 1;
  }

  private started(taken: string[], cost: number): Turn {
    this.change(this.running, taken, 1);
    let ended = false;
    // A turn is running until its reservations are given back, so a waiter never misses it.
    const finish = () => {
      this.ended += 1;
      this.change(this.running, taken, -1);
    };
    return {
      allowed: true,
      release: async () => {
        if (ended) return;
        ended = true;
        try {
          await this.give(taken, cost);
        } finally {
          finish();
        }
      },
      keep: () => {
        if (ended) return;
        ended = true;
        finish();
      },
    };
  }

  private async give(keys: string[], cost: number) {
    for (const key of keys)
      await this.db.execute(
        sql`update ${rateLimitHits} set count = greatest(${rateLimitHits.count} - ${cost}, 0) where key = ${key} and reset_at > now()`,
      );
  }

  /** Drops windows that ended over an hour ago, at most once a minute. */
  private async pruneNowAndThen() {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.resetAt, new Date(now - 60 * 60_000)))
      .catch(() => {});
  }
}
