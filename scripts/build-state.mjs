// Tells whether dist/ was built from the current sources, by a hash of everything the build reads.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Paths below are the project's (hashed as such), read from its folder whatever the working folder. */
const root = fileURLToPath(new URL("..", import.meta.url));
const at = (file) => path.join(root, file);

// The build steps themselves (scripts/) and the build command (package.json) are inputs too.
const INPUTS = [
  "src",
  "public",
  "scripts",
  "index.html",
  "vite.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];
const STAMP = "dist/.build-hash";
/** What the build never reads: tests and their helpers (changing one must not make the build stale). */
const NOT_BUILT = [/\.test\.tsx?$/, /^src\/(server|web)\/test\//];

function files(entry) {
  if (!existsSync(at(entry))) return [];
  if (statSync(at(entry)).isFile()) return [entry];
  return readdirSync(at(entry), { recursive: true })
    .map((name) => path.join(entry, name))
    .filter((file) => statSync(at(file)).isFile() && !NOT_BUILT.some((pattern) => pattern.test(file)));
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(file);
    hash.update(readFileSync(at(file)));
  }
  return hash.digest("hex");
}

export function isBuildCurrent() {
  return (
    existsSync(at("dist/web/index.html")) &&
    existsSync(at("dist/shell.json")) &&
    existsSync(at("dist/server/server.mjs")) &&
    existsSync(at("dist/server/photo-worker.mjs")) &&
    existsSync(at("dist/server/pglite-thread.mjs")) &&
    existsSync(at("dist/ssr/entry-server.js")) &&
    existsSync(at(STAMP)) &&
    readFileSync(at(STAMP), "utf8") === sourceHash()
  );
}

export function markBuilt() {
  writeFileSync(at(STAMP), sourceHash());
}
