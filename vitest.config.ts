import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const serverTests = ["src/server/**/*.test.ts"];
/** Tests that touch no database run once; the rest run on PGlite and again on PostgreSQL. */
const noDatabaseTests = ["src/server/**/*.unit.test.ts"];
/** Tests of what only a database server allows (several instances on one database) run on PostgreSQL only. */
const postgresOnlyTests = ["src/server/**/*.postgres.test.ts"];
/** Tests of the embedded database's own folder (DATA_DIR on a full disk) run on PGlite only. */
const pgliteOnlyTests = ["src/server/**/*.pglite.test.ts"];

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
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: serverTests,
          exclude: postgresOnlyTests,
          env: { TEST_DB: "pglite" },
          globalSetup: ["src/server/test/global-setup-pglite.ts"],
          setupFiles: ["src/server/test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server-postgres",
          environment: "node",
          include: serverTests,
          exclude: [...noDatabaseTests, ...pgliteOnlyTests],
          env: { TEST_DB: "postgres" },
          globalSetup: ["src/server/test/global-setup-postgres.ts"],
          setupFiles: ["src/server/test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
