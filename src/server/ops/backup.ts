import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { extract, pack } from "tar-stream";
import { z } from "zod";
import { photoFiles } from "#shared/photos.ts";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import type { PhotoStorage } from "../storage/photo-storage.ts";

/**
 * One backup file (ADR 046): a gzipped tar of the photos (`photos/<name>`), the database as plain SQL
 * (`database.sql`), the auth secret when the site keeps it in DATA_DIR (`auth-secret`), and last a
 * manifest naming each of them with its size and SHA-256, and the rows of each table. A restore reads
 * the whole file and checks every entry against the manifest before it touches anything.
 */
const BACKUP_FORMAT = "garden-community-backup";
const BACKUP_VERSION = 1;

interface BackupEntry {
  name: string;
  bytes: number;
  sha256: string;
}

interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The database it was taken from: the embedded one or a server. */
  driver: Database["driver"];
  /** Migrations applied to the database it was taken from. */
  migrations: number;
  /** Rows of each table, by `schema.table`. */
  tables: Record<string, number>;
  entries: BackupEntry[];
  /** Photos the database names that the storage did not have when the backup was taken. */
  missingPhotos: string[];
}

export interface BackupSource {
  database: Database;
  storage: PhotoStorage;
  /** DATA_DIR, whose auth-secret (if any) is saved with the rest. */
  dataDir: string;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

/**
 * Rows per table in a dump: the INSERT statements of each table's data section. Quotes are followed in
 * the data sections, so a tip whose text holds a line that reads like an INSERT is not counted; not in
 * the schema, whose function bodies are dollar-quoted and may hold an apostrophe in a comment.
 */
export function rowsInDump(script: string): Record<string, number> {
  const tables: Record<string, number> = {};
  const header = /^-- Data for Name: ([^;]+); Type: TABLE DATA; Schema: ([^;]+);/;
  let current: string | null = null;
  let inQuote = false;
  for (const line of script.split("\n")) {
    const quotedAtStart = inQuote;
    if (current) for (const ch of line) if (ch === "'") inQuote = !inQuote;
    if (quotedAtStart) continue;
    const named = header.exec(line);
    if (named) {
      current = `${named[2]}.${named[1]}`;
      tables[current] = 0;
    } else if (line.startsWith("-- Name: ")) current = null;
    else if (current && line.startsWith("INSERT INTO ")) tables[current] = (tables[current] ?? 0) + 1;
  }
  return tables;
}

export async function migrationsApplied(database: Database): Promise<number> {
  const rows = await rowsOf(
    database.db,
    z.object({ count: z.coerce.number() }),
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** The photo files the database names: each uploaded photo and its narrower copies. */
export async function photoNames(database: Database): Promise<string[]> {
  const rows = await rowsOf(
    database.db,
    z.object({ hash: z.string(), key: z.string(), width: z.coerce.number() }),
    sql`select hash, storage_key as key, width from public.photos order by hash`,
  );
  return rows.flatMap((row) => photoFiles(row));
}

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/**
 * Writes a backup of a running site to `file`: the database first (one consistent moment of it), then
 * the photos it names, read from the storage. Written beside `file` and renamed into place once whole, so
 * a backup that failed halfway leaves no file that looks complete.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupSummary> {
  const script = await source.database.dump();
  const migrations = await migrationsApplied(source.database);
  const names = await photoNames(source.database);
  // It holds every password hash and the site's secret: its folder and the file are the owner's alone.
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const archive = pack();
  const written = pipeline(archive, createGzip(), createWriteStream(partial, { mode: 0o600 }));
  const entries: BackupEntry[] = [];
  const missingPhotos: string[] = [];
  // A write that fails (a full disk) ends the pipeline: every entry still waiting fails with it.
  const writeFailed = written.then(
    () => new Promise<never>(() => {}),
    (error: unknown) => Promise.reject(error),
  );
  writeFailed.catch(() => {});
  const add = (name: string, bytes: Uint8Array) =>
    Promise.race([
      writeFailed,
      new Promise<void>((done, failed) => {
        entries.push({ name, bytes: bytes.byteLength, sha256: sha256(bytes) });
        archive.entry({ name, size: bytes.byteLength, mode: 0o600 }, Buffer.from(bytes), (error) =>
          error ? failed(error) : done(),
        );
      }),
    ]);
  try {
    await add("database.sql", Buffer.from(script, "utf8"));
    for (const name of names) {
      const stored = await source.storage.get(name);
      if (!stored) {
        missingPhotos.push(name);
        continue;
      }
      await add(`photos/${name}`, await readAll(stored.body));
    }
    const secretFile = path.join(source.dataDir, "auth-secret");
    if (existsSync(secretFile)) await add("auth-secret", readFileSync(secretFile));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      driver: source.database.driver,
      migrations,
      tables: rowsInDump(script),
      entries,
      missingPhotos,
    };
    await add("manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    archive.finalize();
    await written;
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } catch (error) {
    archive.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** What a backup file holds, read and checked whole: every entry against the manifest. */
export interface CheckedBackup {
  manifest: Manifest;
  /** The database's SQL. */
  script: string;
  /** Photo files by name. */
  photos: Map<string, Buffer>;
  authSecret: Buffer | null;
}

export class BadBackupError extends Error {
  override name = "BadBackupError";
}

/**
 * Reads `file` and checks it: a gzipped tar in this format, a manifest this release understands, and each
 * entry present with the size and SHA-256 the manifest gives. Throws a BadBackupError saying what is wrong.
 */
export async function readBackup(file: string): Promise<CheckedBackup> {
  if (!existsSync(file)) throw new BadBackupError(`${file} does not exist`);
  const contents = new Map<string, Buffer>();
  const reading = extract();
  reading.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: unknown) => chunks.push(chunk as Buffer));
    // A file cut short fails inside an entry; the pipeline below reports it.
    stream.on("error", () => {});
    stream.on("end", () => {
      contents.set(header.name, Buffer.concat(chunks));
      next();
    });
    stream.resume();
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), reading);
  } catch (error) {
    throw new BadBackupError(`${file} is not a whole backup file (${(error as Error).message})`);
  }
  const manifestBytes = contents.get("manifest.json");
  if (!manifestBytes)
    throw new BadBackupError(`${file} has no manifest.json: it is not a backup, or it was cut short`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString("utf8")) as Manifest;
  } catch {
    throw new BadBackupError(`${file}'s manifest.json is not JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BadBackupError(`${file} is not a Gardening Community backup`);
  if (manifest.version > BACKUP_VERSION)
    throw new BadBackupError(
      `${file} was written by a newer release (backup format ${manifest.version}); restore it with that release or a later one`,
    );
  for (const entry of manifest.entries) {
    const bytes = contents.get(entry.name);
    if (!bytes) throw new BadBackupError(`${file} lacks ${entry.name}, which its manifest lists`);
    if (bytes.byteLength !== entry.bytes || sha256(bytes) !== entry.sha256)
      throw new BadBackupError(`${file}'s ${entry.name} does not match its checksum: the file is damaged`);
  }
  const script = contents.get("database.sql");
  if (!script) throw new BadBackupError(`${file} has no database.sql`);
  const photos = new Map<string, Buffer>();
  for (const [name, bytes] of contents)
    if (name.startsWith("photos/")) photos.set(name.slice("photos/".length), bytes);
  return {
    manifest,
    script: script.toString("utf8"),
    photos,
    authSecret: contents.get("auth-secret") ?? null,
  };
}
