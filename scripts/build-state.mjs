// Tells whether dist/ was built from the current sources, by a hash of everything the build reads.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

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

function files(entry) {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry, { recursive: true })
    .map((name) => path.join(entry, name))
    .filter((file) => statSync(file).isFile() && !/\.test\.tsx?$/.test(file));
}

export function sourceHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

export function isBuildCurrent() {
  return (
    existsSync("dist/web/index.html") &&
    existsSync("dist/shell.json") &&
    existsSync("dist/server/server.mjs") &&
    existsSync("dist/server/photo-worker.mjs") &&
    existsSync("dist/ssr/entry-server.js") &&
    existsSync(STAMP) &&
    readFileSync(STAMP, "utf8") === sourceHash()
  );
}

export function markBuilt() {
  writeFileSync(STAMP, sourceHash());
}
