import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { migrationsDir, projectRoot } from "../lib/paths.ts";

/**
 * What makes a migrated embedded database what it is: every file of the migrations and the PGlite
 * release (its data folder's format). A copy made under another key is never used (ADR 047, ADR 073).
 */
export function migrationsKey(): string {
  const hash = createHash("sha256");
  const names = readdirSync(migrationsDir, { recursive: true }).map(String).sort();
  for (const name of names) {
    const file = path.join(migrationsDir, name);
    if (!statSync(file).isFile()) continue;
    hash.update(`${name}\0`);
    hash.update(readFileSync(file));
  }
  const pglitePackage = path.join(projectRoot, "node_modules", "@electric-sql", "pglite", "package.json");
  hash.update(`pglite ${(JSON.parse(readFileSync(pglitePackage, "utf8")) as { version: string }).version}`);
  return hash.digest("hex").slice(0, 16);
}

/** Where the build writes the migrated empty database a first start begins from (ADR 073). */
export const builtFolder = path.join(projectRoot, "dist");
export const builtName = (key: string) => `pglite-initial-${key}.tar.gz`;

/**
 * The migrated empty database the build wrote for these very migrations and this PGlite release, if it
 * did: a first start loads it (about a second) instead of running PGlite's initdb and every migration
 * (three to five). Without it, or for other migrations, a first start does both as before.
 */
export function builtInitialDatabase(): string | undefined {
  const file = path.join(builtFolder, builtName(migrationsKey()));
  return existsSync(file) ? file : undefined;
}
