import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { isBuildCurrent } from "../../../scripts/build-state.mjs";
import { migrationsDir } from "../lib/paths.ts";
import { tempDir } from "../test/server-process.ts";
import { type Database, openDatabase } from "./client.ts";
import { builtInitialDatabase } from "./pglite-initial.ts";
import { rowsOf } from "./rows.ts";

/**
 * A first start of the server on an empty DATA_DIR begins from the migrated database the build wrote
 * (ADR 073); `npm run restore` and the other commands still begin from an empty one.
 */

const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** As the server opens DATA_DIR (server.ts). */
async function open(dataDir: string) {
  const database = await openDatabase({ dataDir, snapshot: builtInitialDatabase() });
  opened.push(database);
  return database;
}

const count = z.object({ n: z.coerce.number() });

describe("the embedded database of a first start", () => {
  it("begins with every migration applied, and a restart opens what was written", async () => {
    expect(isBuildCurrent(), "npm run build first (npm test does)").toBe(true);
    expect(builtInitialDatabase(), "the build writes dist/pglite-initial-<key>.tar.gz").toBeDefined();
    const dir = tempDir();
    dirs.push(dir);

    const first = await open(dir);
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const applied = await rowsOf(
      first.db,
      count,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
    // Nothing is left for the migrator, and the tables are there to write to.
    await first.migrate();
    await first.db.execute(sql`insert into kept_counts (name, total) values ('first-start check', 7)`);
    await first.close();
    opened.pop();

    // Opened again, the folder's own database is used: the copy is never loaded over it.
    const again = await open(dir);
    const kept = await rowsOf(
      again.db,
      count,
      sql`select total as n from kept_counts where name = 'first-start check'`,
    );
    expect(kept[0]?.n).toBe(7);
  });
});
