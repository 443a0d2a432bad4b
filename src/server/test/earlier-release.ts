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
import { z } from "zod";
import { migrationsDir } from "../lib/paths.ts";
import { createPostgresDatabase, testDriver } from "./test-db.ts";

type AnyDb = PgDatabase<PgQueryResultHKT>;

/** A copy of the migrations folder whose journal lists only the migrations `keep` says. */
function migrationsWhere(keep: (tag: string) => boolean): string {
  const folder = mkdtempSync(path.join(tmpdir(), "garden-migrations-"));
  cpSync(migrationsDir, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = z
    .looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(journalPath, "utf8")));
  journal.entries = journal.entries.filter((entry) => keep(entry.tag));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A database of its own (PGlite or the run's PostgreSQL server, as the test project says unless `engine`
 * does) migrated as the release before migration `tag` left it; `upgrade()` then runs migration `tag` (the
 * release that brought it, starting on that data), `upgradeAll()` every migration since, as this release
 * does at start. `rows` reads a query's rows, each checked by a schema; `members` adds accounts. With `dataDir` the PGlite
 * database is kept where a server with that DATA_DIR finds it; `url` is the PostgreSQL one's.
 */
export async function databaseBefore(
  tag: string,
  { dataDir, engine = testDriver }: { dataDir?: string; engine?: typeof testDriver } = {},
) {
  const earlier = migrationsWhere((entry) => entry < tag);
  const through = migrationsWhere((entry) => entry.slice(0, tag.length) <= tag);

  let db: AnyDb;
  let migrate: (folder: string) => Promise<void>;
  let close: () => Promise<void>;
  let url = "";
  if (engine === "pglite") {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir: path.join(dataDir, "pglite") } : {}),
      extensions: { pg_trgm },
    });
    const pgliteDb = drizzlePglite({ client });
    db = pgliteDb;
    migrate = (folder) => migratePglite(pgliteDb, { migrationsFolder: folder });
    close = () => client.close();
  } else {
    const created = await createPostgresDatabase("garden_migration");
    url = created.url;
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
  /** Members as every earlier release keeps them: an id and a name each, the e-mail made from the id. */
  async function members(names: Record<string, string>) {
    const values = Object.entries(names).map(([id, name]) => sql`(${id}, ${name}, ${`${id}@example.com`})`);
    await db.execute(sql`insert into users (id, name, email) values ${sql.join(values, sql`, `)}`);
  }
  return {
    db,
    url,
    rows,
    members,
    upgrade: () => migrate(through),
    upgradeAll: () => migrate(migrationsDir),
    close: async () => {
      await close();
      rmSync(earlier, { recursive: true, force: true });
      rmSync(through, { recursive: true, force: true });
    },
  };
}

const journalEntries = () =>
  z
    .object({ entries: z.array(z.object({ tag: z.string() })) })
    .parse(JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8"))).entries;

/** Migrations this build has. */
export const migrationsOfThisRelease = () => journalEntries().length;

/**
 * A site's data as the release before migration `tag` left it, holding one verified member and their
 * tip: a DATA_DIR for PGlite (closed again, as a stopped server leaves it), or a PostgreSQL database
 * (`url`), dropped by `close`. `applied` counts the migrations the PostgreSQL one has.
 */
export async function earlierSite(tag: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "garden-earlier-"));
  const earlier = await databaseBefore(tag, { dataDir });
  const suffix = Math.random().toString(36).slice(2, 8);
  const handle = `fern_${suffix}`;
  await earlier.db.execute(sql`
    insert into users (id, name, email, email_verified, handle)
    values (${`u-${suffix}`}, 'Fern Early', ${`fern.${suffix}@example.com`}, true, ${handle})`);
  const [tip] = await earlier.rows(
    sql`insert into tips (title, plant_type, difficulty, description, category, author_id, name, email)
        values ('Mulch before the frost', 'Rose', 'Easy', 'A thick layer keeps the roots warm.', 'Plant Care',
                ${`u-${suffix}`}, '', '')
        returning id`,
    z.object({ id: z.string() }),
  );
  const applied = async () =>
    (
      await earlier.rows(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        z.object({ count: z.number() }),
      )
    )[0]?.count;
  const before = journalEntries().findIndex((entry) => entry.tag >= tag);
  if ((await applied()) !== before) throw new Error(`the earlier database should have ${before} migrations`);
  // The embedded database has one owner at a time: the earlier release stops before the new one starts.
  if (testDriver === "pglite") await earlier.close();
  return {
    dataDir,
    url: earlier.url,
    handle,
    tipId: tip?.id ?? "",
    applied,
    close: async () => {
      if (testDriver !== "pglite") await earlier.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
