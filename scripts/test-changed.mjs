// `npm run test:changed [-- --since REF]`: the inner loop (ADR 047). Checks what a change touches in a
// few minutes, so the full `npm test` is needed once before a change lands, not after every edit:
//   - the typecheck of the whole project (incremental, so a second run takes seconds) and Biome on the
//     changed files;
//   - the tests of each changed file: test files that changed, those in a changed file's folder, those
//     that import a changed file by name, and the boundary tests of the folders above it (they read every
//     file below them, and import none); server tests on both databases (after a build, when the
//     sources changed since the last: some start the built server);
//   - browser specs only when they changed themselves (the full run has them all).
// REF is what the change is measured from: HEAD by default (uncommitted and untracked files), or a branch
// or commit (`-- --since main` for everything a branch adds).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isBuildCurrent, markBuilt } from "./build-state.mjs";

const root = new URL("..", import.meta.url).pathname;
process.chdir(root);
const started = Date.now();
const sinceAt = process.argv.indexOf("--since");
const since = sinceAt >= 0 ? process.argv[sinceAt + 1] : "HEAD";
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const git = (...args) => spawnSync("git", args, { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status === 0;

const changed = [
  ...new Set([...git("diff", "--name-only", since), ...git("ls-files", "--others", "--exclude-standard")]),
].filter((file) => existsSync(file));
if (changed.length === 0) {
  console.log(`Nothing changed since ${since}.`);
  process.exit(0);
}
console.log(`Changed since ${since}:\n  ${changed.join("\n  ")}`);

const isTest = (file) => /\.test\.tsx?$/.test(file);
const isSpec = (file) => /^e2e\/.*\.spec\.ts$/.test(file);
const testFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter(isTest);
const allTests = ["src"].flatMap(testFiles);

/** The tests a changed file asks for: itself, its folder's, those importing it by name, the boundaries above. */
function testsFor(file) {
  if (isTest(file)) return [file];
  if (!/^(src|drizzle)\//.test(file)) return [];
  const folder = file.startsWith("drizzle/") ? "src/server/db" : path.dirname(file);
  const inFolder = allTests.filter((test) => path.dirname(test) === folder);
  const stem = path.basename(file).replace(/\.(tsx?|sql)$/, "");
  const importers = file.startsWith("src/")
    ? allTests.filter((test) => new RegExp(`from "[^"]*/${stem}(\\.tsx?)?"`).test(readFileSync(test, "utf8")))
    : [];
  const boundaries = allTests.filter(
    (test) => path.basename(test).startsWith("boundaries.") && file.startsWith(`${path.dirname(test)}/`),
  );
  return [...inFolder, ...importers, ...boundaries];
}
const tests = [...new Set(changed.flatMap(testsFor))].sort();
const specs = changed.filter(isSpec);

const results = [];
const step = (name, ok) => {
  results.push({ name, ok });
  console.log(`${ok ? "✔" : "✘"} ${name}`);
};

console.log("\n━━━ typecheck (incremental) ━━━");
step(
  "typecheck",
  run(bin("tsc"), [
    "--noEmit",
    "--incremental",
    "--tsBuildInfoFile",
    "node_modules/.cache/garden-community/tsc.tsbuildinfo",
  ]),
);
const lintable = changed.filter((file) => /\.(ts|tsx|mjs|js|json|css)$/.test(file));
if (lintable.length) {
  console.log("\n━━━ lint and format of the changed files (biome) ━━━");
  step("lint", run(bin("biome"), ["check", "--no-errors-on-unmatched", ...lintable]));
}

// Server tests start the built server, and browser tests use the build: it takes seconds.
const needsBuild = tests.some((file) => file.startsWith("src/server/")) || specs.length > 0;
if (needsBuild && !isBuildCurrent()) {
  console.log("\n━━━ production build (the tests start the built server) ━━━");
  // Its output only when it fails: the build's list of files says nothing about the change.
  const build = spawnSync("npm", ["run", "build", "--silent"], { encoding: "utf8" });
  const built = build.status === 0;
  if (built) markBuilt();
  else console.log(build.stdout, build.stderr);
  step("build", built);
}

if (tests.length) {
  console.log(`\n━━━ ${tests.length} test files (vitest) ━━━\n  ${tests.join("\n  ")}`);
  const projects = ["web", "server", "server-alone", "server-postgres", "server-postgres-alone"];
  step("vitest", run(bin("vitest"), ["run", ...projects.flatMap((name) => ["--project", name]), ...tests]));
} else console.log("\nNo test file follows from these changes.");

if (specs.length) {
  console.log(`\n━━━ ${specs.length} browser specs (Playwright) ━━━`);
  step("browser tests", run(bin("playwright"), ["test", ...specs]));
}

const failed = results.filter((result) => !result.ok).length;
console.log(
  `\n${results.length - failed} passed, ${failed} failed (in ${((Date.now() - started) / 60_000).toFixed(1)} min); npm test runs everything.`,
);
process.exit(failed === 0 ? 0 : 1);
