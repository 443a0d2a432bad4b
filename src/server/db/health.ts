import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { migrationsDir } from "../lib/paths.ts";
import type { Db } from "./database.ts";
import { rowsOf } from "./rows.ts";

/** How long a health check waits for the database before saying it is down. */
export const PING_TIMEOUT_MS = 2000;

/** Whether the database answers, within PING_TIMEOUT_MS (a server that is gone may not refuse at once). */
export function pingDatabase(db: Db): Promise<boolean> {
  return answersWithin(db.execute(sql`select 1`));
}

export async function answersWithin(query: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([query.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** When the newest migration in the build was made (its journal's `when`), read once. */
let newestMigration: number | undefined;

/**
 * Whether every migration the build carries has been applied to this database (for /api/health/ready):
 * drizzle records each applied one with its journal time, and applies in that order.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newestMigration ??= Math.max(
    ...(
      JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
        entries: Array<{ when: number }>;
      }
    ).entries.map((entry) => entry.when),
  );
  const [row] = await rowsOf(
    db,
    z.object({ newest: z.string().nullable() }),
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.newest ?? 0) >= newestMigration;
}
