import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { PublicCache } from "./public-cache.ts";

/** Migration 0007's triggers NOTIFY here on every change to the tables behind public answers. */
export const PUBLIC_CHANGE_CHANNEL = "public_change";
const SYNC_PREFIX = "sync:";

/**
 * Drops `cache` whenever the database reports a change to public data, from this instance or another
 * (ADR 022: a write is visible to the next read on every instance). `settle()` resolves once every
 * change committed before it was called has reached the cache: a marker is sent on the same channel, and
 * PostgreSQL delivers notifications in commit order.
 */
export async function followPublicChanges(database: Database, cache: PublicCache) {
  const waiting = new Map<string, () => void>();
  const stop = await database.listen(PUBLIC_CHANGE_CHANNEL, (payload) => {
    if (!payload.startsWith(SYNC_PREFIX)) {
      cache.invalidate();
      return;
    }
    waiting.get(payload)?.();
    waiting.delete(payload);
  });
  return {
    stop,
    async settle(timeoutMs = 5000): Promise<void> {
      const marker = `${SYNC_PREFIX}${randomUUID()}`;
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(marker);
          reject(new Error(`No notification came back within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(marker, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await database.db.execute(sql`select pg_notify(${PUBLIC_CHANGE_CHANNEL}, ${marker})`);
      await arrived;
    },
  };
}
