import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { aloneTests, onOneDatabase } from "./scripts/test-groups.mjs";

const serverTests = ["src/server/**/*.test.ts"];
/** Tests that touch no database run once; the rest run on PGlite and again on PostgreSQL. */
const noDatabaseTests = ["src/server/**/*.unit.test.ts"];
/** Tests of what only a database server allows (several instances on one database) run on PostgreSQL only. */
const postgresOnlyTests = ["src/server/**/*.postgres.test.ts"];
/**
 * Tests on the embedded database alone run on PGlite only: its own folder (DATA_DIR on a full disk), the
 * migrated database the build writes for it, and a server on a DATA_DIR of its own (the operator's
 * documented commands), which would run the very same way again on the PostgreSQL pass.
 */
const pgliteOnlyTests = ["src/server/**/*.pglite.test.ts"];

/**
 * Test files run two at a time, one per core of the machines we run on; each has a database of its own,
 * so none sees another's data. A worker runs file after file in one process (`isolate: false`): importing
 * the server again for each file cost a second or two a file. The `-alone` projects take their files
 * (scripts/test-groups.mjs) one at a time, each in a process of its own, once the others are done (ADR 047).
 */
const WORKERS = 2;

const onPglite = {
  environment: "node",
  env: { TEST_DB: "pglite" },
  globalSetup: ["src/server/test/global-setup-pglite.ts"],
  setupFiles: ["src/server/test/setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const onPostgres = {
  environment: "node",
  env: { TEST_DB: "postgres" },
  globalSetup: ["src/server/test/global-setup-postgres.ts"],
  setupFiles: ["src/server/test/setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.{ts,tsx}", "src/shared/**/*.test.ts"],
          setupFiles: ["src/web/test/setup.ts"],
          testTimeout: 15_000,
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          ...onPglite,
          name: "server",
          include: serverTests,
          exclude: [...postgresOnlyTests, ...aloneTests],
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          ...onPglite,
          name: "server-alone",
          include: aloneTests,
          exclude: postgresOnlyTests,
          maxWorkers: 1,
        },
      },
      {
        test: {
          ...onPostgres,
          name: "server-postgres",
          include: serverTests,
          exclude: [...noDatabaseTests, ...pgliteOnlyTests, ...onOneDatabase, ...aloneTests],
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          ...onPostgres,
          name: "server-postgres-alone",
          include: aloneTests,
          exclude: [...noDatabaseTests, ...pgliteOnlyTests],
          maxWorkers: 1,
        },
      },
    ],
  },
});
