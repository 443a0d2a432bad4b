import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../db/client.ts";
import { migrationsKey } from "../db/pglite-initial.ts";
import { writeMigratedDatabase } from "../db/pglite-migrated.ts";
import { projectRoot } from "../lib/paths.ts";

// Migrated databases that test databases are copied from (ADR 047): PGlite's initdb alone takes 3-5
// seconds a database, and every test file opens one or more. Both copies are keyed by migrationsKey(), so
// a new migration or an upgrade makes new ones and a stale copy is never used.

const cacheDir = path.join(projectRoot, "node_modules", ".cache", "garden-community");

/**
 * The file of a migrated embedded database (a tar of its data folder, as PGlite's dumpDataDir writes
 * it), made when missing. Kept between runs; written under another name and renamed, so two processes
 * making it at once never read half of one.
 */
export async function pgliteSnapshot(): Promise<string> {
  const file = path.join(cacheDir, `pglite-migrated-${migrationsKey()}.tar`);
  if (!existsSync(file)) await writeMigratedDatabase(file, "none");
  return file;
}

/**
 * The name of a migrated database on the PostgreSQL server at `adminUrl`, made when missing, for
 * `create database ... template` (a file copy, well under the time of running the migrations). Built
 * under another name and renamed, so a run that stops half-way leaves no template that looks finished.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `garden_template_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const building = `garden_template_building_${randomUUID().replaceAll("-", "")}`;
    await admin.query(`create database ${building}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building} with (force)`);
      // Another run made it meanwhile: theirs is as good as ours.
      const madeMeanwhile = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!madeMeanwhile.rowCount) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** Removes the snapshots of other migrations or PGlite releases, keeping `keep` (one is 40 MB). */
export function pruneOldSnapshots(keep: string): void {
  if (!existsSync(cacheDir)) return;
  for (const name of readdirSync(cacheDir))
    if (/^pglite-migrated-[0-9a-f]{16}\.tar$/.test(name) && path.join(cacheDir, name) !== keep)
      rmSync(path.join(cacheDir, name), { force: true });
}
