import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsDir } from "../lib/paths.ts";
import { dumpServer } from "../ops/pg-dump.ts";
import {
  type Database,
  DatabaseUnavailableError,
  type Db,
  errorText,
  type Listener,
  type ListenOptions,
} from "./database.ts";
import { answersWithin, PING_TIMEOUT_MS } from "./health.ts";
import * as schema from "./schema.ts";

/**
 * How long a request waits for a connection (a free one of the pool, or a new one) before it is answered
 * 503: a database server that is down or out of reach must not hold requests open (ADR 044).
 */
const CONNECTION_WAIT_MS = 1500;

export async function openPostgres(databaseUrl: string): Promise<Database> {
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
  { heartbeatMs = 1000, wanted = () => true }: ListenOptions = {},
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
  let beatSentAt = 0;
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    // One beat at a time: on a dead socket the last one never answers (its statement, or the
    // notification it sent), and that is the signal.
    if (beating || beatSentAt > lastBeat) {
      if (Date.now() - beatSentAt > patience) drop(current);
      return;
    }
    // Nobody relied on the listener since the last beat: no statement; the trust lapses by itself.
    if (!wanted()) return;
    beating = true;
    beatSentAt = Date.now();
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
