import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "../db/schema.ts";

/** One limit: at most `count` hits per fixed window of `minutes`. */
export interface Window {
  count: number;
  minutes: number;
}

/** A key to count and its limit: e.g. failed sign-ins for one account from one address. */
export interface LimitKey {
  key: string;
  window: Window;
}

/** What taking a turn answered: go ahead (and later `release` if the turn should not count), or wait. */
export type Turn = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfter: number };

/** What the upsert in `take` returns: `execute` leaves rows untyped, whichever driver is behind Db. */
const UpsertResultSchema = z.object({
  rows: z.array(z.object({ count: z.number().int(), wait: z.number().int() })),
});

/** Keys are hashed: the table then holds no e-mail or address, and every key has the same size. */
export function limitKey(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

/**
 * Fixed-window counters in the database (table rate_limit_hits), so they survive a restart and several
 * servers on one database share them. A turn is reserved before the attempt it guards, by one atomic
 * upsert per key: fifty parallel guesses cannot all pass a limit of five, because each sees the count
 * the others already added. A refused turn gives its reservations back at once; a turn that should not
 * count (a successful sign-in) gives them back afterwards.
 */
export class RateLimitStore {
  private lastPrune = 0;

  constructor(private readonly db: Db) {}

  async take(keys: LimitKey[]): Promise<Turn> {
    const taken: string[] = [];
    let retryAfter = 0;
    for (const { key, window } of keys) {
      const result = UpsertResultSchema.parse(
        await this.db.execute(sql`
          insert into ${rateLimitHits} (key, count, reset_at)
          values (${key}, 1, now() + make_interval(mins => ${window.minutes}))
          on conflict (key) do update set
            count = case when ${rateLimitHits.resetAt} <= now() then 1 else ${rateLimitHits.count} + 1 end,
            reset_at = case when ${rateLimitHits.resetAt} <= now() then excluded.reset_at else ${rateLimitHits.resetAt} end
          returning count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as wait
        `),
      );
      const row = result.rows[0];
      taken.push(key);
      if (row && row.count > window.count) retryAfter = Math.max(retryAfter, row.wait);
    }
    void this.pruneNowAndThen();
    if (retryAfter > 0) {
      await this.give(taken);
      return { allowed: false, retryAfter };
    }
    return { allowed: true, release: () => this.give(taken) };
  }

  private async give(keys: string[]) {
    for (const key of keys)
      await this.db.execute(
        sql`update ${rateLimitHits} set count = greatest(${rateLimitHits.count} - 1, 0) where key = ${key} and reset_at > now()`,
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
