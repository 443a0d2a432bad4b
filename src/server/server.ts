import { openDatabase } from "./db/client.ts";
import { builtInitialDatabase } from "./db/pglite-initial.ts";
import { EnvError, ensureDataDir, failToStart, loadEnv } from "./env.ts";

// The server's entry (dist/server/server.mjs): reads the environment, starts opening the database, and
// loads the rest of the server meanwhile. The embedded database starts on a thread of its own, so its
// start and the loading of the server's modules overlap (ADR 072).

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
  ensureDataDir(env.DATA_DIR);
} catch (error) {
  if (error instanceof EnvError) failToStart(error.message);
  throw error;
}

// An empty DATA_DIR begins from the migrated database the build wrote, not PGlite's initdb (ADR 073).
const opening = openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  snapshot: env.DATABASE_URL ? undefined : builtInitialDatabase(),
});
// Its failure is reported by serve(), which awaits it once the modules are in.
opening.catch(() => {});
const { serve } = await import("./serve.ts");
await serve(env, opening);
