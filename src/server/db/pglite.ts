import { existsSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../lib/paths.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { type Database, DatabaseUnavailableError, type Db, errorText } from "./database.ts";
import { pingDatabase } from "./health.ts";
import { PGliteThread } from "./pglite-thread-client.ts";
import * as schema from "./schema.ts";

export async function openPglite(
  dataDir: string | undefined,
  snapshot: string | undefined,
): Promise<Database> {
  let releaseLock = () => {};
  let thread: PGliteThread;
  if (dataDir) {
    releaseLock = acquireDataDirLock(dataDir);
    const folder = path.join(dataDir, "pglite");
    // A folder that holds a database already is opened as it is: PGlite loads a copy only into an empty one.
    const from = existsSync(path.join(folder, "PG_VERSION")) ? undefined : snapshot;
    try {
      thread = await PGliteThread.open(folder, from);
    } catch (error) {
      releaseLock();
      throw new DatabaseUnavailableError(
        `Cannot open the embedded database in ${dataDir}: ${errorText(error)}`,
      );
    }
  } else {
    thread = await PGliteThread.open(undefined, snapshot);
  }
  // drizzle's PGlite driver sends statements and transactions only, which the thread answers as PGlite does.
  const client = thread as unknown as PGlite;
  const db: Db = drizzlePglite({ client, schema });
  return {
    db,
    driver: "pglite",
    location: dataDir ? path.join(dataDir, "pglite") : "memory",
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir });
    },
    async listen(channel, listener) {
      const unlisten = await thread.listen(channel, (payload) => listener.notify(payload));
      // On its own thread of this process: the connection cannot be lost.
      listener.trustedUntil(Number.POSITIVE_INFINITY);
      return unlisten;
    },
    notifiesBeforeAnswering: true,
    // One connection, on its thread; the statements sent to it wait their turn there.
    connections: () => ({
      total: 1,
      idle: thread.statementsOut === 0 ? 1 : 0,
      waiting: Math.max(0, thread.statementsOut - 1),
    }),
    ping: () => pingDatabase(db),
    dump: () => thread.dump(),
    async load(script) {
      await thread.transaction(async (tx) => {
        await tx.exec(script);
      });
      // The dump empties the search_path of the one session every later statement uses.
      await thread.exec("reset search_path");
    },
    async close() {
      await thread.close();
      releaseLock();
    },
  };
}
