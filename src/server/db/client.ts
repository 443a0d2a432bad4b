import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { z } from "zod";
import type { PoolUse } from "../lib/metrics.ts";
import { migrationsDir } from "../lib/paths.ts";
import { dumpServer } from "../ops/pg-dump.ts";
import { PGliteThread } from "./pglite-thread-client.ts";
import { rowsOf } from "./rows.ts";
import * as schema from "./schema.ts";

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
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a real server. Without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * For the embedded database: a data folder as PGlite's dumpDataDir writes it (a tar file) to start
   * from instead of an empty one. Tests start from a migrated one: PGlite's initdb alone takes seconds.
   */
  snapshot?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.snapshot);
}

/**
 * How long a request waits for a connection (a free one of the pool, or a new one) before it is answered
 * 503: a database server that is down or out of reach must not hold requests open (ADR 044).
 */
const CONNECTION_WAIT_MS = 1500;

async function openPostgres(databaseUrl: string): Promise<Database> {
  const url = new URL(databaseUrl);
  const location = `postgres://${url.hostname}:${url.port || 5432}${url.pathname}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    // A server that vanished without closing its connections (a network partition) is noticed by TCP
    // keep-alives; until then a query on such a connection waits (ADR 044).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const health = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: PING_TIMEOUT_MS,
    keepAlive: true,
  });
  health.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(`Cannot connect to the database at ${location}: ${errorText(error)}`);
  }
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: "postgres",
    location,
    async migrate() {
      // Several servers may start at once against one database: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7261504)");
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query("select pg_advisory_unlock(7261504)").catch(() => {});
        client.release();
      }
    },
    listen: (channel, listener, options) => listenPostgres(databaseUrl, channel, listener, options),
    notifiesBeforeAnswering: false,
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: () => answersWithin(health.query("select 1")),
    dump: () => dumpServer(databaseUrl),
    async load(script) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query(script);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      } finally {
        // Closed, not given back: the dump's session settings (an empty search_path) must reach no request.
        client.release(true);
      }
    },
    async close() {
      await Promise.all([pool.end(), health.end()]);
    },
  };
}

/**
 * A dedicated connection that LISTENs, with TCP keepalive and a heartbeat (`ListenOptions`), reconnecting
 * every half second while it is lost.
 */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  listener: Listener,
  { heartbeatMs = 1000 }: ListenOptions = {},
): Promise<() => Promise<void>> {
  const beatChannel = `${channel}_beat_${process.pid}_${Math.random().toString(36).slice(2)}`;
  const patience = heartbeatMs * 3;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let lastBeat = 0;

  const drop = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    listener.lost();
    lostClient.end().catch(() => {});
    // A silently dead socket never finishes `end()`: closed here, so nothing waits on it.
    (
      lostClient as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
    if (!stopped) retry = setTimeout(reconnect, 500);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
    next.on("notification", (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? "");
      else if (message.channel === beatChannel && client === next) {
        lastBeat = Date.now();
        listener.trustedUntil(lastBeat + patience);
      }
    });
    next.on("error", () => drop(next));
    next.on("end", () => drop(next));
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      await next.query(`listen ${pg.escapeIdentifier(beatChannel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    client = next;
    beating = false;
    lastBeat = Date.now();
    listener.trustedUntil(lastBeat + patience);
  };
  const reconnect = () => {
    retry = null;
    if (stopped) return;
    connect().then(
      () => listener.back(),
      () => {
        if (!stopped) retry = setTimeout(reconnect, 500);
      },
    );
  };
  let beating = false;
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    if (Date.now() - lastBeat > patience) return drop(current);
    // One beat at a time: on a dead socket the last one never answers, and that is the signal.
    if (beating) return;
    beating = true;
    current
      .query("select pg_notify($1, '')", [beatChannel])
      .catch(() => {})
      .finally(() => {
        if (client === current) beating = false;
      });
  }, heartbeatMs);
  heartbeat.unref();

  await connect();
  return async () => {
    stopped = true;
    clearInterval(heartbeat);
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

async function openPglite(dataDir: string | undefined, snapshot: string | undefined): Promise<Database> {
  let releaseLock = () => {};
  let thread: PGliteThread;
  if (dataDir) {
    releaseLock = acquireDataDirLock(dataDir);
    try {
      thread = await PGliteThread.open(path.join(dataDir, "pglite"), snapshot);
    } catch (error) {
      releaseLock();
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${dataDir}: ${errorText(error)}`,
      );
    }
  } else {
    thread = await PGliteThread.open(undefined, snapshot);
  }
  // drizzle's PGlite driver sends statements and transactions only, which the thread answers as PGlite does.
  const client = thread as unknown as PGlite;
  const db: Db = drizzlePglite({ client, schema });
  return {
    db,
    driver: "pglite",
    location: dataDir ? path.join(dataDir, "pglite") : "memory",
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir });
    },
    async listen(channel, listener) {
      const unlisten = await thread.listen(channel, (payload) => listener.notify(payload));
      // On its own thread of this process: the connection cannot be lost.
      listener.trustedUntil(Number.POSITIVE_INFINITY);
      return unlisten;
    },
    notifiesBeforeAnswering: true,
    // One connection, on its thread; the statements sent to it wait their turn there.
    connections: () => ({
      total: 1,
      idle: thread.statementsOut === 0 ? 1 : 0,
      waiting: Math.max(0, thread.statementsOut - 1),
    }),
    ping: () => pingDatabase(db),
    dump: () => thread.dump(),
    async load(script) {
      await thread.transaction(async (tx) => {
        await tx.exec(script);
      });
      // The dump empties the search_path of the one session every later statement uses.
      await thread.exec("reset search_path");
    },
    async close() {
      await thread.close();
      releaseLock();
    },
  };
}

/**
 * PGlite is a single-process database: two servers on one data folder would corrupt it. A lock file
 * created exclusively (O_EXCL) names the owner by pid and process start time; a lock whose process is
 * gone, a zombie, or another process that reused the pid is stale and taken over, so a lock never
 * outlives its process (a SIGKILL included), while a second live server is refused.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.lock");
  const mine = JSON.stringify({ pid: process.pid, start: processInfo(process.pid)?.start ?? null });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(lockFile, mine, { flag: "wx" });
      return () => {
        // Only our own lock is removed: after a takeover the file may belong to another server.
        if (readLock(lockFile) === mine) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const held = readLock(lockFile);
    if (held === null) continue; // removed meanwhile: try again
    const owner = parseLock(held);
    if (owner && owner.pid !== process.pid && isLiveOwner(owner, lockFile)) {
      throw new DatabaseUnavailableError(
        `The embedded database in ${dataDir} is in use by another Gardening Community server (pid ${owner.pid}). Stop it, or set DATA_DIR to another folder.`,
      );
    }
    // Stale (or ours, from an earlier open in this process): take it over, unless it changed meanwhile.
    if (readLock(lockFile) === held) rmSync(lockFile, { force: true });
  }
  throw new DatabaseUnavailableError(`Could not take the lock on ${dataDir} (${lockFile}); try again.`);
}

function readLock(lockFile: string): string | null {
  try {
    return readFileSync(lockFile, "utf8");
  } catch {
    return null;
  }
}

/** The lock's owner; an older lock holds a bare pid. */
function parseLock(text: string): { pid: number; start: string | null } | null {
  try {
    const value = JSON.parse(text) as { pid?: unknown; start?: unknown };
    if (typeof value === "number") return { pid: value, start: null };
    if (typeof value?.pid === "number")
      return { pid: value.pid, start: typeof value.start === "string" ? value.start : null };
  } catch {}
  return null;
}

/** State and start time (clock ticks since boot) of a process, from /proc on Linux; null elsewhere or when it is gone. */
export function processInfo(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
    // starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", start: fields[19] ?? "" };
  } catch {
    return null;
  }
}

function isLiveOwner(owner: { pid: number; start: string | null }, lockFile: string): boolean {
  if (existsSync("/proc/self/stat")) {
    const info = processInfo(owner.pid);
    if (!info) return false;
    if (info.state === "Z" || info.state === "X") return false; // exited, not yet reaped
    if (owner.start !== null) return owner.start === info.start;
    // An older release's lock names only the pid. A process that is not one of ours (init, a shell, a
    // program that has the pid after a reboot) never held it; and its server wrote the lock after it
    // started, so a process that started after the lock was written has only reused the pid.
    if (!runsGardenCode(owner.pid)) return false;
    const started = startedAtMs(info.start);
    return started === null || started <= lockWrittenAtMs(lockFile);
  }
  return isAlive(owner.pid);
}

/**
 * Whether a process is Node.js running one of the programs that open DATA_DIR (the server, `npm start`'s
 * script, the operator's commands), from /proc/<pid>/cmdline. Unreadable, it is taken to be one.
 */
function runsGardenCode(pid: number): boolean {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return true;
  }
  const [program = "", ...rest] = args;
  return (
    /^node(js)?$/.test(path.basename(program)) &&
    rest.some((arg) => /(^|\/)(server\.(mjs|ts)|start\.mjs|cli\.ts|seed-cli\.ts)$/.test(arg))
  );
}

/**
 * When a process started, in ms since the epoch, from its start in clock ticks after boot. The boot time
 * is whole seconds, rounded down, so this is never later than the real start: a live server is never
 * taken for a newer process. Linux counts these ticks at 100 a second (USER_HZ) on every common machine.
 */
function startedAtMs(startTicks: string): number | null {
  try {
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    const ticks = Number(startTicks);
    if (!Number.isFinite(bootSeconds) || bootSeconds === 0 || !Number.isFinite(ticks)) return null;
    return bootSeconds * 1000 + ticks * 10;
  } catch {
    return null;
  }
}

function lockWrittenAtMs(lockFile: string): number {
  try {
    return statSync(lockFile).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorText(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code)
      ? `${error.message} (${code})`
      : error.message || String(code);
  }
  return String(error);
}

/** How long a health check waits for the database before saying it is down. */
const PING_TIMEOUT_MS = 2000;

/** Whether the database answers, within PING_TIMEOUT_MS (a server that is gone may not refuse at once). */
export function pingDatabase(db: Db): Promise<boolean> {
  return answersWithin(db.execute(sql`select 1`));
}

async function answersWithin(query: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([query.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** When the newest migration in the build was made (its journal's `when`), read once. */
let newestMigration: number | undefined;

/**
 * Whether every migration the build carries has been applied to this database (for /api/health/ready):
 * drizzle records each applied one with its journal time, and applies in that order.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigration ??= Math.max(
    ...(
      JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
        entries: Array<{ when: number }>;
      }
    ).entries.map((entry) => entry.when),
  );
  const [row] = await rowsOf(
    db,
    z.object({ newest: z.string().nullable() }),
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.newest ?? 0) >= newestMigration;
}
