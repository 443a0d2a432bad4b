import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { z } from "zod";
import { type App, createApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { PublicCache } from "../lib/cache/public-cache.ts";
import { SessionCache } from "../lib/cache/session-cache.ts";
import { MemberEvents } from "../lib/events/member-events.ts";
import type { Logger } from "../lib/logger.ts";
import { createMemoryMailer, type Mailer } from "../mail/mailer.ts";
import type { ArchiveStore } from "../storage/archive-store.ts";
import type { PhotoStorage } from "../storage/photo-storage.ts";
import { readResponse, type TestResponse } from "./http-client.ts";
import { quickPasswords } from "./quick-passwords.ts";
import { startPostgresRelay } from "./tcp-relay.ts";

export type TestDriver = "pglite" | "postgres";
export const testDriver: TestDriver = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A new database on the run's PostgreSQL server, empty or (`migrated`) a copy of the run's migrated
 * template: its URL, and `drop()` to remove it (connections still open to it are ended). `prefix` names
 * it after the test that made it, for anyone reading the server's log.
 */
export async function createPostgresDatabase(
  prefix = "garden_test",
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject("postgresAdminUrl");
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${inject("postgresTemplate")}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A new migrated database on the run's PostgreSQL server, opened twice: `direct`, to change data behind the
 * app's back, and `relayed`, through a relay (tcp-relay.ts) that counts the app's statements and can cut
 * or silence its connections. `close` closes all three and drops the database.
 */
export async function openRelayedPostgres(prefix: string) {
  const created = await createPostgresDatabase(prefix);
  const opened: Array<{ close(): Promise<void> }> = [];
  const close = async () => {
    // In the reverse order of opening, so no connection is left on the database when it is dropped.
    for (const each of opened.reverse()) await each.close();
    await created.drop();
  };
  try {
    const directUrl = new URL(created.url);
    const direct = await openDatabase({ databaseUrl: directUrl.toString() });
    opened.push(direct);
    await direct.migrate();
    const relay = await startPostgresRelay({
      host: directUrl.hostname,
      port: Number(directUrl.port || 5432),
    });
    opened.push(relay);
    const relayedUrl = new URL(directUrl);
    relayedUrl.hostname = "127.0.0.1";
    relayedUrl.port = String(relay.port);
    const relayed = await openDatabase({ databaseUrl: relayedUrl.toString() });
    opened.push(relayed);
    return { direct, relayed, relay, close };
  } catch (error) {
    // A setup that fails half way still leaves no database behind on the shared server.
    await close();
    throw error;
  }
}

/**
 * A fresh, migrated database of its own for one test file: an in-memory PGlite, or a new database on
 * the run's PostgreSQL server that is dropped afterwards. Both are copies of a migrated one made once a
 * run (migrated-templates.ts); `migrate()` then finds nothing left to do, and proves it.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDriver === "pglite") {
    const database = await openDatabase({ snapshot: inject("pgliteSnapshot") });
    await database.migrate();
    return database;
  }
  const created = await createPostgresDatabase("garden_test", { migrated: true });
  const database = await openDatabase({ databaseUrl: created.url });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** The app on a database of its own, with a mailer that keeps what it sends (`mailer.sent`). */
export async function createTestApp(
  options: {
    config?: Parameters<typeof createApp>[0]["config"];
    storage?: PhotoStorage;
    logger?: Logger;
    /** Where the app's e-mail goes instead of the memory mailer returned as `mailer`. */
    mailer?: Mailer;
    /**
     * "real": better-auth's own scrypt, for the tests of accounts themselves; otherwise a cheap hash
     * (quick-passwords.ts), as a test that signs up twenty members measures none of their hashing.
     */
    passwords?: "quick" | "real";
    /** A built web app to serve beside the API (test/web-root.ts makes a stand-in). */
    webRoot?: string;
    /** Where members' data exports are kept; in memory when not given. */
    archives?: ArchiveStore;
  } = {},
) {
  const database = await openTestDatabase();
  const mailer = createMemoryMailer();
  const publicCache = new PublicCache();
  const sessionCache = new SessionCache();
  const memberEvents = new MemberEvents();
  // The site's secret: it signs what the app sends out (unsubscribe links), which a test follows.
  const authSecret = randomBytes(32).toString("hex");
  const app = createApp({
    db: database.db,
    authSecret,
    config: { BASE_URL: "http://localhost", ...options.config },
    mailer: options.mailer ?? mailer,
    storage: options.storage,
    logger: options.logger,
    passwordHashing: options.passwords === "real" ? undefined : quickPasswords,
    publicCache,
    sessionCache,
    memberEvents,
    webRoot: options.webRoot,
    archives: options.archives,
  });
  // As the server does: every change to public data, whoever makes it, drops the cached answers. Tests
  // also write straight to the database (like another instance would); each request first waits until
  // such changes have reached the cache, as a client arriving after them would find them there.
  const stopFollowing = await publicCache.follow(database);
  const stopFollowingSessions = await sessionCache.follow(database);
  const stopFollowingMembers = await memberEvents.follow(database);
  const request = app.request;
  app.request = async (...args: Parameters<typeof request>) => {
    // Generous: a stalled listener under a loaded machine is not what a test checks.
    await Promise.all([publicCache.settled(30_000), sessionCache.settled(30_000)]);
    return request(...args);
  };
  return {
    app,
    db: database.db,
    database,
    mailer,
    publicCache,
    sessionCache,
    memberEvents,
    authSecret,
    close: async () => {
      await stopFollowing();
      await stopFollowingSessions();
      await stopFollowingMembers();
      await database.close();
    },
  };
}

/**
 * GETs `path` like an HTTP client would, without a port. With a schema the body is parsed and typed by
 * it (see http-client.ts); without one it is `unknown`.
 */
export async function getJson<Schema extends z.ZodType>(
  app: App,
  path: string,
  options: { schema: Schema },
): Promise<TestResponse<z.output<Schema>>>;
export async function getJson(app: App, path: string): Promise<TestResponse<unknown>>;
export async function getJson(app: App, path: string, { schema }: { schema?: z.ZodType } = {}) {
  return readResponse(app, "GET", path, await app.request(`http://localhost${path}`), schema);
}
