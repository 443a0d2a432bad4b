import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { z } from "zod";
import { migrationsDir } from "../lib/paths.ts";
import { createPostgresDatabase, testDriver } from "./test-db.ts";

type AnyDb = PgDatabase<PgQueryResultHKT>;

/**
 * A database of its own (PGlite or the run's PostgreSQL server, as the test project says) migrated as
 * the release before migration `tag` left it; `upgrade()` then runs the migrations from `tag` on, as a
 * new release does at start. `rows` reads a query's rows, each checked by a schema.
 */
export async function databaseBefore(tag: string) {
  const earlier = mkdtempSync(path.join(tmpdir(), "garden-migrations-"));
  cpSync(migrationsDir, earlier, { recursive: true });
  const journalPath = path.join(earlier, "meta", "_journal.json");
  const journal = z
    .looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(journalPath, "utf8")));
  journal.entries = journal.entries.filter((entry) => entry.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));

  let db: AnyDb;
  let migrate: (folder: string) => Promise<void>;
  let close: () => Promise<void>;
  if (testDriver === "pglite") {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const pgliteDb = drizzlePglite({ client });
    db = pgliteDb;
    migrate = (folder) => migratePglite(pgliteDb, { migrationsFolder: folder });
    close = () => client.close();
  } else {
    const created = await createPostgresDatabase("garden_migration");
    const pool = new pg.Pool({ connectionString: created.url });
    const pgDb = drizzlePg({ client: pool });
    db = pgDb;
    migrate = (folder) => migratePg(pgDb, { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      await created.drop();
    };
  }
  await migrate(earlier);

  async function rows<Row extends z.ZodType>(query: SQL, row: Row): Promise<z.output<Row>[]>;
  async function rows(query: SQL): Promise<Record<string, unknown>[]>;
  async function rows(query: SQL, row: z.ZodType = z.record(z.string(), z.unknown())) {
    return z.object({ rows: z.array(row) }).parse(await db.execute(query)).rows;
  }
  return {
    db,
    rows,
    upgrade: () => migrate(migrationsDir),
    close: async () => {
      await close();
      rmSync(earlier, { recursive: true, force: true });
    },
  };
}
