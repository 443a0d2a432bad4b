import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../lib/paths.ts";
import { builtFolder, builtName, migrationsKey } from "./pglite-initial.ts";

/**
 * Writes an empty embedded database with every migration applied to `file`: a tar of its data folder as
 * PGlite's dumpDataDir writes it, gzip-compressed if asked. Written under another name and renamed, so
 * a process that stops half-way, or two writing at once, never leave half of one to be read.
 */
export async function writeMigratedDatabase(file: string, compression: "none" | "gzip"): Promise<void> {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle({ client: db }), { migrationsFolder: migrationsDir });
    await db.exec("checkpoint");
    const tar = await db.dumpDataDir(compression);
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await tar.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
}

/**
 * Writes the migrated empty database a first start begins from into `dist/` (by `npm run build`), and
 * removes those of other migrations or PGlite releases.
 */
export async function buildInitialDatabase(): Promise<string> {
  const file = path.join(builtFolder, builtName(migrationsKey()));
  for (const name of existsSync(builtFolder) ? readdirSync(builtFolder) : [])
    if (/^pglite-initial-[0-9a-f]{16}\.tar\.gz$/.test(name))
      rmSync(path.join(builtFolder, name), { force: true });
  await writeMigratedDatabase(file, "gzip");
  return file;
}
