// What the rest of the server sees of the database, whichever driver is behind it (postgres.ts, pglite.ts).
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PoolUse } from "../lib/metrics.ts";
import type * as schema from "./schema.ts";

type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Where the data lives, for the start-up log (never includes a password). */
  location: string;
  migrate(): Promise<void>;
  /**
   * Follows every NOTIFY on `channel`, from any session or instance, and says how far the listening
   * connection can be trusted (see `Listener`). Resolves once listening; the returned function stops it.
   */
  listen(channel: string, listener: Listener, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * Whether a statement's notifications reach this process's listeners before the statement's own
   * answer does. True for the embedded database: its thread in this process sends each notification
   * before the answer of the statement or commit that made it, over the same ordered channel (ADR 038).
   * Then nobody needs to wait for their own change to come back (`ChangeFeed.settled`).
   */
  notifiesBeforeAnswering: boolean;
  /** What its connections are doing now, for /metrics: a server's pool, or the embedded thread's queue. */
  connections(): PoolUse;
  /**
   * Whether the database answers within two seconds, for the health checks. A server is asked over a
   * connection of its own, so a pool busy with requests does not read as a database that is down.
   */
  ping(): Promise<boolean>;
  /**
   * The whole database as plain SQL, one consistent moment of it, while it keeps serving (ADR 046):
   * PGlite's own pg_dump on its thread, or the server's pg_dump.
   */
  dump(): Promise<string>;
  /** Runs a dump made by `dump` (many statements) in one transaction: a restore. */
  load(script: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a LISTEN reports. `notify` gets each payload, in commit order. `trustedUntil` says until when
 * nothing can have been missed: it moves on with every heartbeat that comes back (forever, for the
 * embedded database, which cannot lose its connection). `lost` comes at once when the connection is
 * known to be gone; `back` when a new one listens, after which what was sent meanwhile is unknown.
 */
export interface Listener {
  notify(payload: string): void;
  trustedUntil(time: number): void;
  lost(): void;
  back(): void;
}

export interface ListenOptions {
  /**
   * How often the listening connection proves it is alive by a NOTIFY to itself. A connection that
   * dies silently (a firewall dropping an idle connection: no error, no more notifications) is given
   * up after three beats without an answer, and the cache stops trusting it after the same time.
   */
  heartbeatMs?: number;
  /**
   * Whether anyone has relied on the listener since the last beat (a cache looked something up). Beats
   * are sent only then: an idle instance sends none, and its trust lapses until the next reader asks for
   * a beat. Without it, a beat goes every `heartbeatMs`.
   */
  wanted?: () => boolean;
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** An error's message for an operator, with its code; the first of several (each address of a host). */
export function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorText(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code)
      ? `${error.message} (${code})`
      : error.message || String(code);
  }
  return String(error);
}
