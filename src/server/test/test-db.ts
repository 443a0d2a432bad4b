import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createMemoryMailer, type Mailer } from "../mail/mailer.ts";
import { checkAgainstDocument } from "./openapi-validator.ts";

export type TestDriver = "pglite" | "postgres";
export const testDriver: TestDriver = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, migrated database of its own for one test file: an in-memory PGlite, or a new database on
 * the run's PostgreSQL server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testDriver === "pglite") {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const adminUrl = inject("postgresAdminUrl");
  const name = `garden_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(
  options: { config?: Parameters<typeof createApp>[0]["config"]; mailer?: Mailer } = {},
) {
  const database = await openTestDatabase();
  const mailer = options.mailer ?? createMemoryMailer();
  const app = createApp({
    db: database.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost", ...options.config },
    mailer,
  });
  return { app, db: database.db, database, mailer, close: () => database.close() };
}

/** Calls the app like an HTTP client would, without a port. */
export async function getJson<T = unknown>(app: ReturnType<typeof createApp>, path: string) {
  const response = await app.request(`http://localhost${path}`);
  const text = await response.text();
  const body = response.headers.get("content-type")?.includes("application/json")
    ? (JSON.parse(text) as T)
    : null;
  await checkAgainstDocument(app, "GET", path, {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body,
    text,
  });
  return { status: response.status, headers: response.headers, body: body as T };
}
