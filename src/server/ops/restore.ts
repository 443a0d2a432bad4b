import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { migrationsDir } from "../lib/paths.ts";
import { deletionLedger, type LedgerEntry, reapplyDeletions } from "../modules/account-data/index.ts";
import type { PhotoStorage } from "../storage/photo-storage.ts";

/** The tables of a database, as `schema.table`, leaving out PostgreSQL's own. */
async function tablesOf(database: Database): Promise<string[]> {
  const rows = await rowsOf(
    database.db,
    z.object({ name: z.string() }),
    sql`select schemaname || '.' || tablename as name from pg_catalog.pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Rows of each table, by `schema.table`. */
export async function countRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesOf(database)) {
    const [schema, name] = table.split(".") as [string, string];
    const rows = await rowsOf(
      database.db,
      z.object({ count: z.coerce.number() }),
      sql`select count(*) as count from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    );
    counts[table] = Number(rows[0]?.count ?? 0);
  }
  return counts;
}

export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

/** Migrations this release knows: a backup of a database that has more was made by a newer release. */
function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * The statements of `script` the target can run: a dump by a newer pg_dump (PGlite's is PostgreSQL 17's)
 * sets parameters an older server does not have (`transaction_timeout` before 17), which are left out.
 */
async function forTarget(database: Database, script: string): Promise<string> {
  const known = new Set(
    (
      await rowsOf(database.db, z.object({ name: z.string() }), sql`select name from pg_catalog.pg_settings`)
    ).map((row) => row.name),
  );
  return script
    .split("\n")
    .filter((line) => {
      const set = /^SET ([a-z_]+) = .*;$/.exec(line);
      return !set?.[1] || known.has(set[1]);
    })
    .join("\n");
}

export interface RestoreInput {
  /** The database's SQL, from a backup or straight from another database's dump. */
  script: string;
  /** Migrations applied to the database the script came from. */
  migrations: number;
  /** The photo files to put into the target's storage, by name. */
  photos: Iterable<[string, Buffer]> | AsyncIterable<[string, Buffer]>;
  authSecret: Buffer | null;
  /** Account deletions done since (deletions.jsonl beside the backups): deleted again once loaded. */
  ledger?: LedgerEntry[];
}

export interface RestoreTarget {
  database: Database;
  storage: PhotoStorage;
  /** DATA_DIR, where the auth secret goes when the backup carries one. */
  dataDir: string;
  /** Replace what the target holds; without it a target that holds anything is refused. */
  force: boolean;
}

export interface RestoreResult {
  /** Rows of each table as loaded, before this release's migrations ran: the backup's own counts. */
  tables: Record<string, number>;
  photos: number;
  photoBytes: number;
  /** Accounts deleted since the backup was made, deleted again in what it loaded. */
  redeleted: number;
}

/**
 * Loads a database and its photos into `target`. The target must be empty (no table at all) unless
 * `force`, which first drops what it holds. The database is loaded in one transaction: a failure leaves
 * the target as it was.
 */
export async function restoreInto(target: RestoreTarget, input: RestoreInput): Promise<RestoreResult> {
  if (input.migrations > knownMigrations())
    throw new RestoreRefusedError(
      `The backup comes from a newer release (${input.migrations} migrations; this one knows ${knownMigrations()}). Restore it with that release or a later one.`,
    );
  const present = await tablesOf(target.database);
  if (present.length > 0 && !target.force)
    throw new RestoreRefusedError(
      `The target database is not empty (${present.length} tables, e.g. ${present.slice(0, 3).join(", ")}). Restore into an empty one, or add --force to replace everything it holds.`,
    );
  const script = await forTarget(target.database, input.script);
  // The accounts deleted here since the backup are deleted again once it is loaded (ADR 089).
  const ledger = [
    ...(input.ledger ?? []),
    ...(present.includes("public.account_deletions") ? await deletionLedger(target.database.db) : []),
  ];
  const wipe = present.length > 0 ? await wipeScript(target.database) : "";
  await target.database.load(`${wipe}\n${script}`);
  // Counted as loaded, before the migrations below: what is compared with the backup's own counts.
  const tables = await countRows(target.database);
  let photos = 0;
  let photoBytes = 0;
  for await (const [name, bytes] of input.photos) {
    await target.storage.put(name, bytes, "image/webp");
    photos++;
    photoBytes += bytes.byteLength;
  }
  // A backup of an earlier release is brought up to this one at once: what its migrations convert (photos
  // kept as addresses, among others) is converted before anything reads it.
  await target.database.migrate();
  const redeleted = await reapplyDeletions(target.database.db, target.storage, ledger);
  const secretFile = path.join(target.dataDir, "auth-secret");
  if (input.authSecret && (target.force || !existsSync(secretFile)))
    writeFileSync(secretFile, input.authSecret, { mode: 0o600 });
  return { tables, photos, photoBytes, redeleted };
}

/**
 * What a visitor of the site on `database` and `storage` would see of its uploaded photos: each photo a
 * tip or profile shows, looked up where the site would serve it from. The list holds those that would not
 * show (a file the storage lacks). A photo is a record whose address is built when it is shown (ADR 063),
 * so no stored address can name another site.
 */
export async function unseenPhotos(
  database: Database,
  storage: PhotoStorage,
): Promise<Array<{ shown: string; why: string }>> {
  const rows = await rowsOf(
    database.db,
    z.object({ key: z.string() }),
    sql`select storage_key as key from public.photos p
        where exists (select 1 from public.tips t where t.photo_hash = p.hash)
           or exists (select 1 from public.users u where u.photo_hash = p.hash)
        order by storage_key`,
  );
  const unseen: Array<{ shown: string; why: string }> = [];
  for (const { key } of rows)
    if (!(await storage.get(key)))
      unseen.push({ shown: storage.publicUrl(key), why: "is not in the storage" });
  return unseen;
}

/** Drops every schema of ours (public and drizzle's), with all they hold, and makes public again. */
async function wipeScript(database: Database): Promise<string> {
  const schemas = await rowsOf(
    database.db,
    z.object({ name: z.string() }),
    sql`select nspname as name from pg_catalog.pg_namespace
        where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\_%'`,
  );
  return [
    ...schemas.map(({ name }) => `DROP SCHEMA "${name.replaceAll('"', '""')}" CASCADE;`),
    "CREATE SCHEMA public;",
  ].join("\n");
}

export interface PhotoCheck {
  name: string;
  expected: string;
  actual: string | null;
}

/** Each photo's SHA-256 in `storage` against what it should be; the list holds only those that differ. */
export async function comparePhotos(
  storage: PhotoStorage,
  expected: Map<string, string>,
): Promise<PhotoCheck[]> {
  const wrong: PhotoCheck[] = [];
  for (const [name, hash] of expected) {
    const stored = await storage.get(name);
    const actual = stored
      ? createHash("sha256")
          .update(Buffer.from(await new Response(stored.body).arrayBuffer()))
          .digest("hex")
      : null;
    if (actual !== hash) wrong.push({ name, expected: hash, actual });
  }
  return wrong;
}
