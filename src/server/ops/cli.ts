/**
 * The operator's commands (docs/operations.md, ADR 046):
 *
 *   npm run backup [-- --out FILE]        one file: the database and the photos, while the site serves
 *   npm run restore -- FILE [--force]     into an empty DATA_DIR or PostgreSQL database
 *   npm run move -- --to postgres://...   the embedded database (and photos, to S3 when configured) to a
 *                 [--force]               PostgreSQL server, then every table and photo compared
 *
 * They read the same settings as the server (DATABASE_URL, DATA_DIR, S3_*, BACKUP_DIR).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Database, DatabaseUnavailableError, openDatabase } from "../db/client.ts";
import { EnvError, ensureDataDir, loadEnv } from "../env.ts";
import { readLedgerFile } from "../modules/account-data/index.ts";
import { createPhotoStorage, dataDirStorage } from "../storage/create-storage.ts";
import {
  type BackupSummary,
  BadBackupError,
  migrationsApplied,
  photoNames,
  readBackup,
  writeBackup,
} from "./backup.ts";
import { askServerForBackup, backupFile } from "./backup-service.ts";
import { comparePhotos, countRows, RestoreRefusedError, restoreInto, unseenPhotos } from "./restore.ts";

const say = (line: string) => process.stdout.write(`${line}\n`);

class UsageError extends Error {}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

function printTables(tables: Record<string, number>) {
  const names = Object.keys(tables).sort();
  const width = Math.max(...names.map((name) => name.length), 5);
  for (const name of names) say(`  ${name.padEnd(width)}  ${tables[name]}`);
}

function printBackup(summary: BackupSummary, how: string) {
  const { manifest } = summary;
  const photos = manifest.entries.filter((entry) => entry.name.startsWith("photos/"));
  say(`Backup written${how ? ` ${how}` : ""}: ${summary.file} (${size(summary.bytes)})`);
  say(
    `  database: ${manifest.driver}, ${Object.values(manifest.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(manifest.tables).length} tables`,
  );
  say(`  photos: ${photos.length} files, ${size(photos.reduce((sum, entry) => sum + entry.bytes, 0))}`);
  if (manifest.missingPhotos.length)
    say(`  not found in the storage (left out): ${manifest.missingPhotos.join(", ")}`);
  printTables(manifest.tables);
}

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { out: { type: "string" } } });
  const env = loadEnv();
  const file = backupFile(values.out, env.BACKUP_DIR);
  // The embedded database is readable only by the process holding it: a running server is asked.
  const fromServer = await askServerForBackup(env.DATA_DIR, file);
  if (fromServer) return printBackup(fromServer, "by the running server");
  if (!env.DATABASE_URL) ensureDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    // Data an earlier release left is read the way this release reads it, as starting the site would do
    // first: the backup is then one this release restores as it is.
    const before = await migrationsApplied(database);
    await database.migrate();
    const after = await migrationsApplied(database);
    if (after > before)
      say(
        `The database was an earlier release's: brought up to this one (${after - before} migrations) first.`,
      );
    const summary = await writeBackup(
      { database, storage: createPhotoStorage(env), dataDir: env.DATA_DIR },
      file,
    );
    printBackup(summary, "");
  } finally {
    await database.close();
  }
}

async function restore(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError("Usage: npm run restore -- FILE [--force]");
  const env = loadEnv();
  say(`Checking ${file}…`);
  const checked = await readBackup(file);
  say(
    `  taken ${checked.manifest.createdAt} from ${checked.manifest.driver}; ${checked.manifest.entries.length} entries, every checksum right`,
  );
  if (!env.DATABASE_URL) ensureDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const storage = createPhotoStorage(env);
    const result = await restoreInto(
      { database, storage, dataDir: env.DATA_DIR, force: values.force },
      {
        script: checked.script,
        migrations: checked.manifest.migrations,
        photos: checked.photos,
        authSecret: checked.authSecret,
        ledger: await readLedgerFile(path.join(path.dirname(file), "deletions.jsonl")),
      },
    );
    const wrong = Object.entries(checked.manifest.tables).filter(
      ([table, rows]) => result.tables[table] !== rows,
    );
    say(`Restored into ${database.location}: ${result.photos} photos (${size(result.photoBytes)})`);
    if (result.redeleted > 0)
      say(`Deleted again ${result.redeleted} account(s) deleted since the backup was made`);
    printTables(result.tables);
    const unseen = await unseenPhotos(database, storage);
    say(
      `Photos as visitors will see them: ${unseen.length === 0 ? "each one shows" : `${unseen.length} would not show`}`,
    );
    if (wrong.length || unseen.length)
      throw new Error(
        [
          ...wrong.map(
            ([table, rows]) => `${table} has ${result.tables[table]} rows of the backup's ${rows}`,
          ),
          ...unseen.map((photo) => `the photo ${photo.shown} ${photo.why}`),
        ].join("; "),
      );
    say(
      "Every table has the rows the backup holds. The database is brought up to this release: start the site as usual.",
    );
  } finally {
    await database.close();
  }
}

async function move(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { to: { type: "string" }, force: { type: "boolean", default: false } },
  });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
    throw new UsageError("Usage: npm run move -- --to postgres://user:password@host:5432/database [--force]");
  const env = loadEnv();
  if (env.DATABASE_URL)
    throw new UsageError(
      "DATABASE_URL is set: the site already runs on a PostgreSQL server. Move copies the embedded database in DATA_DIR; unset DATABASE_URL to run it.",
    );
  ensureDataDir(env.DATA_DIR);
  // Opening takes DATA_DIR's lock: with the site running this fails, so no write is left behind.
  const source = await openDatabase({ dataDir: env.DATA_DIR }).catch((error: unknown) => {
    if (error instanceof DatabaseUnavailableError)
      throw new UsageError(`${error.message} Stop the site before moving it.`);
    throw error;
  });
  let target: Database | undefined;
  try {
    target = await openDatabase({ databaseUrl: values.to });
    say(`Moving ${source.location} to ${target.location}…`);
    const script = await source.dump();
    const sourceRows = await countRows(source);
    const result = await restoreInto(
      { database: target, storage: createPhotoStorage(env), dataDir: env.DATA_DIR, force: values.force },
      { script, migrations: await migrationsApplied(source), photos: [], authSecret: null },
    );
    // The photos: from DATA_DIR/uploads to the bucket when S3 is configured; left where they are otherwise.
    const folder = dataDirStorage(env);
    const storage = createPhotoStorage(env);
    const toBucket = !storage.describe.startsWith(folder.describe);
    const checksums = new Map<string, string>();
    let copied = 0;
    // Named by the moved database, brought up to this release: the source may be an earlier release's.
    for (const name of await photoNames(target)) {
      const stored = (await folder.get(name)) ?? (await storage.get(name));
      if (!stored) {
        say(`  photo ${name} is named by the database but stored nowhere; left out`);
        continue;
      }
      const bytes = Buffer.from(await new Response(stored.body).arrayBuffer());
      checksums.set(name, createHash("sha256").update(bytes).digest("hex"));
      if (toBucket) {
        await storage.put(name, bytes, "image/webp");
        copied++;
      }
    }
    const differing = Object.keys({ ...sourceRows, ...result.tables }).filter(
      (table) => sourceRows[table] !== result.tables[table],
    );
    const wrongPhotos = await comparePhotos(storage, checksums);
    const unseen = await unseenPhotos(target, storage);
    say("Rows in each table, the same here and there:");
    printTables(result.tables);
    say(
      `Photos: ${checksums.size} checked by SHA-256 in ${storage.describe}${toBucket ? `, ${copied} copied there` : " (they stay where they are)"}`,
    );
    say(
      `Photos as visitors of the moved site will see them: ${unseen.length === 0 ? "each one shows" : `${unseen.length} would not show`}`,
    );
    if (differing.length || wrongPhotos.length || unseen.length)
      throw new Error(
        `The copy differs: ${[
          ...differing.map(
            (table) => `${table} has ${sourceRows[table]} rows here, ${result.tables[table]} there`,
          ),
          ...wrongPhotos.map((photo) => `photo ${photo.name} ${photo.actual ? "differs" : "is missing"}`),
          ...unseen.map((photo) => `the photo ${photo.shown} ${photo.why}`),
        ].join("; ")}`,
      );
    say(
      "Nothing was lost. Set DATABASE_URL to the server's address and start the site; DATA_DIR stays as it was.",
    );
  } finally {
    await target?.close();
    await source.close();
  }
}

const commands: Record<string, (args: string[]) => Promise<void>> = { backup, restore, move };

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) throw new UsageError("Usage: cli.ts backup|restore|move [options]");
  await command(args);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known =
      error instanceof UsageError ||
      error instanceof EnvError ||
      error instanceof BadBackupError ||
      error instanceof RestoreRefusedError ||
      error instanceof DatabaseUnavailableError;
    process.stderr.write(
      `${known ? "" : "Failed: "}${error instanceof Error ? error.message : String(error)}\n`,
    );
    if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
