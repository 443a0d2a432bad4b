// Opens the database: the embedded PGlite (pglite.ts) or a PostgreSQL server (postgres.ts).

import type { Database } from "./database.ts";
import { openPglite } from "./pglite.ts";
import { openPostgres } from "./postgres.ts";

// The services, the ops commands and the tests name the database's types from here.
export {
  type Database,
  DatabaseUnavailableError,
  type Db,
  type Listener,
  type ListenOptions,
} from "./database.ts";

export interface OpenDatabaseOptions {
  /** postgres:// URL of a real server. Without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * For the embedded database: a data folder as PGlite's dumpDataDir writes it (a tar file) to start
   * from instead of an empty one. Tests start from a migrated one: PGlite's initdb alone takes seconds.
   */
  snapshot?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.snapshot);
}
