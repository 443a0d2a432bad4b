import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { migrationsDir } from "../lib/paths.ts";
import { testDriver } from "../test/test-db.ts";

/**
 * Migration 0006 on a database written by the release before it: tips owned by an e-mail string become
 * tips owned by accounts (ADR 012), without losing or duplicating one.
 */
type AnyDb = PgDatabase<PgQueryResultHKT>;
let db: AnyDb;
let migrate: (folder: string) => Promise<void>;
let close: () => Promise<void>;
const before0006 = mkdtempSync(path.join(tmpdir(), "garden-migrations-"));

beforeAll(async () => {
  // The migrations as the previous release shipped them: 0000 to 0005.
  cpSync(migrationsDir, before0006, { recursive: true });
  const journalPath = path.join(before0006, "meta", "_journal.json");
  const journal = z
    .looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(journalPath, "utf8")));
  journal.entries = journal.entries.filter((entry) => entry.tag < "0006");
  writeFileSync(journalPath, JSON.stringify(journal));

  if (testDriver === "pglite") {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const pgliteDb = drizzlePglite({ client });
    db = pgliteDb;
    migrate = (folder) => migratePglite(pgliteDb, { migrationsFolder: folder });
    close = () => client.close();
  } else {
    const adminUrl = inject("postgresAdminUrl");
    const name = `garden_migration_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    const pgDb = drizzlePg({ client: pool });
    db = pgDb;
    migrate = (folder) => migratePg(pgDb, { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
});
afterAll(async () => {
  await close?.();
  rmSync(before0006, { recursive: true, force: true });
});

/** The rows a query answers, each parsed with `row` (any columns when none is given). */
async function rows<Row extends z.ZodType>(query: SQL, row: Row): Promise<z.output<Row>[]>;
async function rows(query: SQL): Promise<Record<string, unknown>[]>;
async function rows(query: SQL, row: z.ZodType = z.record(z.string(), z.unknown())) {
  return z.object({ rows: z.array(row) }).parse(await db.execute(query)).rows;
}

describe("migration 0006: tips belong to accounts", () => {
  it("links each tip to the account with its e-mail, and the rest to accounts nobody can sign in to", async () => {
    await migrate(before0006);
    await db.execute(sql`
      insert into users (id, name, email, email_verified) values
        ('u-alice', 'Alice Account', 'alice@example.com', true),
        ('u-bob', 'Bob', 'bob@example.com', false)`);
    await db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, availability, name, email, created_at) values
        ('Alice public', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Public', 'Alice Old Name', 'alice@example.com', now()),
        ('Alice private', 'Rose', 'Easy', 'Some words here', 'Flowers', 'Private', 'Alice Old Name', 'ALICE@example.com', now()),
        ('Rowan hidden', 'Kale', 'Hard', 'Some words here', 'Vegetables', 'Hidden', 'Rowan Ellis', 'rowan.ellis@example.com', now() - interval '1 day'),
        ('Rowan public', 'Kale', 'Hard', 'Some words here', 'Vegetables', 'Public', 'Rowan E.', 'Rowan.Ellis@example.com', now()),
        ('Iris public', 'Iris', 'Medium', 'Some words here', 'Flowers', 'Public', 'Iris', 'iris@example.com', now())`);

    await migrate(migrationsDir);

    const tips = await rows(
      sql`select title, author_id, name, email from tips order by title`,
      z.object({ title: z.string(), author_id: z.string(), name: z.string(), email: z.string() }),
    );
    expect(tips).toHaveLength(5);
    const byTitle = Object.fromEntries(tips.map((tip) => [tip.title, tip]));
    expect(byTitle["Alice public"]).toMatchObject({
      author_id: "u-alice",
      name: "Alice Account",
      email: "alice@example.com",
    });
    expect(byTitle["Alice private"]?.author_id).toBe("u-alice");

    // One new account per e-mail without one, whatever its case, holding no password and barred from sign-in.
    const rowan = byTitle["Rowan hidden"]?.author_id;
    expect(byTitle["Rowan public"]?.author_id).toBe(rowan);
    expect(rowan).not.toBe(byTitle["Iris public"]?.author_id);
    const made = await rows(
      sql`select id, name, email, sign_in_disabled from users where id not in ('u-alice', 'u-bob') order by email`,
      z.object({ id: z.string(), name: z.string(), email: z.string(), sign_in_disabled: z.boolean() }),
    );
    expect(made.map((user) => [user.email, user.sign_in_disabled])).toEqual([
      ["iris@example.com", true],
      ["rowan.ellis@example.com", true],
    ]);
    expect(made.find((user) => user.id === rowan)?.name).toBe("Rowan E.");
    expect(await rows(sql`select * from accounts`)).toEqual([]);
    const real = await rows(
      sql`select sign_in_disabled from users where id in ('u-alice', 'u-bob')`,
      z.object({ sign_in_disabled: z.boolean() }),
    );
    expect(real.every((user) => user.sign_in_disabled === false)).toBe(true);
  });

  it("keeps a tip's name and e-mail equal to its account's from then on", async () => {
    await db.execute(
      sql`update users set name = 'Alice Renamed', email = 'Alice.New@example.com' where id = 'u-alice'`,
    );
    const alice = await rows(
      sql`select distinct name, email from tips where author_id = 'u-alice'`,
      z.object({ name: z.string(), email: z.string() }),
    );
    expect(alice).toEqual([{ name: "Alice Renamed", email: "alice.new@example.com" }]);

    // Whatever a writer puts in name and email, the account's are stored.
    await db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, author_id, name, email)
      values ('Bob new', 'Fig', 'Easy', 'Some words here', 'Trees', 'u-bob', 'Not Bob', 'alice.new@example.com')`);
    expect(await rows(sql`select name, email from tips where title = 'Bob new'`)).toEqual([
      { name: "Bob", email: "bob@example.com" },
    ]);
    await db.execute(sql`update tips set email = 'x@example.com', name = 'X' where title = 'Bob new'`);
    expect(await rows(sql`select name, email from tips where title = 'Bob new'`)).toEqual([
      { name: "Bob", email: "bob@example.com" },
    ]);
  });

  it("deletes an account's tips with the account", async () => {
    await db.execute(sql`delete from users where id = 'u-bob'`);
    expect(await rows(sql`select title from tips where title = 'Bob new'`)).toEqual([]);
  });
});
