// Starts the built server for the browser tests on a fresh embedded database in .test-data/e2e.
import { rmSync } from "node:fs";
import path from "node:path";

const root = new URL("../..", import.meta.url).pathname;
const dataDir = path.join(root, ".test-data", "e2e");
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.LOG_LEVEL ??= "warn";
await import(path.join(root, "dist/server/server.mjs"));
