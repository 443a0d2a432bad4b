// `npm test`: every check of the project, ending with one line "N passed, N failed" over all runners.
//   node scripts/test.mjs                        typecheck, lint, unused code, build, unit/component/API tests, browser tests
//   node scripts/test.mjs --only=server          only the server tests (PGlite and PostgreSQL)
//   node scripts/test.mjs --only=node-versions   the server tests of what differs between Node releases (CI's Node 24 pass)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { isBuildCurrent, markBuilt } from "./build-state.mjs";
import { acrossNodeVersions } from "./test-groups.mjs";

const root = new URL("..", import.meta.url).pathname;
process.chdir(root);
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const resultsDir = path.join(root, "test-results");
// A whole run starts from an empty folder; a pass of its own (CI's Node 24 pass after `npm test`) keeps
// the whole run's reports and timings beside its own.
if (!only) rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const tally = [];
/** Each phase's wall time, and each test file's time, for the report at the end. */
const phases = [];
const fileTimes = [];
const runStarted = Date.now();

/** Runs one phase of the run, keeping how long it took under its name. */
function timed(name, work) {
  const started = Date.now();
  try {
    return work();
  } finally {
    phases.push({ name, ms: Date.now() - started });
  }
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function banner(title) {
  console.log(`\n━━━ ${title} ━━━`);
}

function check(name, ok) {
  tally.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync("/usr/bin/apt-get");

function aptInstall(packages) {
  console.log(`Installing ${packages.join(", ")} from Debian's packages…`);
  return (
    run("apt-get", ["update", "-qq"]) &&
    run("apt-get", ["install", "-y", "-qq", ...packages], { DEBIAN_FRONTEND: "noninteractive" })
  );
}

/**
 * Chromium for the browser tests: CHROME_PATH, Debian's headless shell (the old headless mode: the same
 * Blink without the browser around it, a third less of the machine's time per test than the full
 * browser; ADR 047), Debian's /usr/bin/chromium, or Playwright's own build.
 */
async function ensureChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  const found = () => candidates.find((file) => file && existsSync(file));
  if (found()) return found();
  const { chromium } = await import("@playwright/test");
  if (existsSync(chromium.executablePath())) return chromium.executablePath();
  if (isRoot && hasApt && (aptInstall(["chromium-headless-shell"]) || aptInstall(["chromium"])) && found())
    return found();
  if (run(bin("playwright"), ["install", "chromium"]) && existsSync(chromium.executablePath()))
    return chromium.executablePath();
  return null;
}

/** PostgreSQL server programs for the API tests on a real server, unless DATABASE_URL names one. */
async function ensurePostgres() {
  if (process.env.DATABASE_URL) return true;
  const { findPostgresBinDir } = await tsImport("../src/server/test/postgres-cluster.ts", import.meta.url);
  if (findPostgresBinDir()) return true;
  if (isRoot && hasApt && aptInstall(["postgresql"]) && findPostgresBinDir()) return true;
  return false;
}

function vitest(projects, label, files = []) {
  banner(label);
  const name = `${projects.join("-")}${only ? `-${only}` : ""}`;
  const outputFile = path.join(resultsDir, `vitest-${name}.json`);
  const timingsFile = path.join(resultsDir, `vitest-${name}-timings.json`);
  const projectArgs = projects.flatMap((name) => ["--project", name]);
  const ok = timed(label, () =>
    run(
      bin("vitest"),
      [
        "run",
        ...projectArgs,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${outputFile}`,
        "--reporter=./scripts/vitest-timings.mjs",
        ...files,
      ],
      { VITEST_TIMINGS_FILE: timingsFile, ...(chromePath ? { CHROME_PATH: chromePath } : {}) },
    ),
  );
  for (const entry of readJson(timingsFile) ?? [])
    fileTimes.push({ name: `${entry.project}: ${path.relative(root, entry.file)}`, ms: entry.ms });
  const report = readJson(outputFile);
  if (!report) {
    tally.push({ name: label, passed: 0, failed: 1 });
    return;
  }
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  const failures = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === "failed")
      .map((test) => `${path.relative(root, file.name)} › ${test.fullName}`),
  );
  tally.push({ name: label, passed: report.numPassedTests, failed, failures });
}

/** Each browser test file's summed test time (its tests run on several workers), from Playwright's JSON report. */
function playwrightFileTimes(report) {
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...byFile].map(([file, ms]) => ({ name: `browser: e2e/${file}`, ms }));
}

/** The titles of the browser tests that failed, from Playwright's JSON report. */
function playwrightFailures(report) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected") failures.push([...titles, spec.title].join(" › "));
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, [suite.title]);
  return failures;
}

const postgresOk = await ensurePostgres();
// Found first: a few server tests drive a browser too (how it takes an upload refused mid-send).
const chromePath = await ensureChromium();
const noChromium =
  "\nNo Chromium found for the browser tests. Install it (Debian/Ubuntu: sudo apt-get install -y chromium), run npx playwright install chromium where the internet is reachable, or set CHROME_PATH to a Chrome or Chromium binary.";
if (!chromePath) console.error(noChromium);
if (!postgresOk) {
  console.error(
    "\nPostgreSQL server programs are missing. Install them (Debian/Ubuntu: sudo apt-get install -y postgresql; macOS: brew install postgresql), set PG_BIN_DIR to the folder holding initdb and pg_ctl, or set DATABASE_URL to a server whose user may create databases.",
  );
}

/**
 * The production build, before the tests: the server tests that start the site as an operator would
 * (NODE_ENV=production) serve the built web app, and the browser tests use the same build.
 */
function build() {
  banner("production build");
  const built = timed("production build", () => run("npm", ["run", "build", "--silent"]));
  if (built) markBuilt();
  check("build", built);
  return built;
}

const node = `Node ${process.versions.node}`;
const onPglite = ["server", "server-alone"];
const onPostgres = ["server-postgres", "server-postgres-alone"];

function serverTests() {
  vitest(onPglite, `server tests on PGlite (${node})`);
  if (postgresOk) vitest(onPostgres, `server tests on PostgreSQL (${node})`);
  else check("PostgreSQL available", false);
}

if (only === "server") {
  if (!isBuildCurrent()) build();
  serverTests();
} else if (only === "node-versions") {
  if (!isBuildCurrent()) build();
  vitest(
    onPglite,
    `server tests of what differs between Node releases (${node}, PGlite)`,
    acrossNodeVersions,
  );
} else if (only) {
  console.error(`--only is server or node-versions, not ${only}`);
  process.exit(2);
} else {
  banner("typecheck (tsc)");
  check(
    "typecheck",
    timed("typecheck", () => run(bin("tsc"), ["--noEmit"])),
  );
  banner("lint and format (biome)");
  check(
    "lint",
    timed("lint", () => run(bin("biome"), ["ci", "."])),
  );
  banner("unused files, exports and dependencies (knip)");
  check(
    "unused code",
    timed("unused code", () => run(bin("knip"), ["--no-progress"])),
  );
  banner("the house's figures (each at or below its ceiling)");
  check(
    "house figures",
    timed("house figures", () => run(process.execPath, ["--import", "tsx", "scripts/house-figures.ts"])),
  );
  banner("OpenAPI document (Redocly lint, 0 errors)");
  const openapiFile = path.join(resultsDir, "openapi.json");
  check(
    "OpenAPI lint",
    timed(
      "OpenAPI lint",
      () =>
        run(process.execPath, ["--import", "tsx", "scripts/openapi.ts", openapiFile]) &&
        run(bin("redocly"), ["lint", openapiFile, "--config", "redocly.yaml"]),
    ),
  );
  const built = build();
  vitest(["web"], "web and shared tests (vitest, jsdom)");
  serverTests();

  if (!chromePath) {
    console.error(noChromium);
    check("Chromium available", false);
  } else if (built) {
    banner(`browser tests (Playwright, ${chromePath})`);
    const outputFile = path.join(resultsDir, "playwright.json");
    const ok = timed("browser tests", () =>
      run(bin("playwright"), ["test"], {
        CHROME_PATH: chromePath,
        PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
      }),
    );
    const report = readJson(outputFile);
    fileTimes.push(...playwrightFileTimes(report));
    const stats = report?.stats;
    if (stats) {
      tally.push({
        name: "browser tests",
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1),
        failures: playwrightFailures(report),
      });
    } else tally.push({ name: "browser tests", passed: 0, failed: 1 });
  }
}

const passed = tally.reduce((sum, t) => sum + t.passed, 0);
const failed = tally.reduce((sum, t) => sum + t.failed, 0);
writeFileSync(
  path.join(resultsDir, `summary${only ? `-${only}` : ""}.json`),
  JSON.stringify({ passed, failed, tally }, null, 2),
);
banner("time");
const minutes = (ms) => (ms / 60_000).toFixed(1).padStart(6);
const totalMs = Date.now() - runStarted;
for (const p of phases)
  console.log(`${minutes(p.ms)} min  ${String(Math.round((100 * p.ms) / totalMs)).padStart(3)}%  ${p.name}`);
console.log(`${minutes(totalMs)} min  100%  in all`);
const byRunner = new Map();
for (const f of fileTimes) {
  const runner = f.name.slice(0, f.name.indexOf(":"));
  byRunner.set(runner, (byRunner.get(runner) ?? 0) + f.ms);
}
console.log("\nTest files' time summed by project (several workers share the wall time above):");
for (const [runner, ms] of byRunner) console.log(`${minutes(ms)} min  ${runner}`);
console.log("\nThe ten slowest test files (a file's own time; files run side by side on several workers):");
for (const f of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
writeFileSync(
  path.join(resultsDir, `timings${only ? `-${only}` : ""}.json`),
  JSON.stringify({ totalMs, phases, files: fileTimes }, null, 2),
);

banner("summary");
for (const t of tally) {
  console.log(`${t.failed === 0 ? "✔" : "✘"} ${t.name} — passed ${t.passed}, failed ${t.failed}`);
  for (const failure of t.failures ?? []) console.log(`    ✘ ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
