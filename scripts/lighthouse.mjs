// `npm run lighthouse`: Lighthouse scores for the main public pages, and for a member's own pages signed in
// (a tip's details with 50 comments, My Tips, the dashboard, and the moderation queue: a new member with
// one tip of their own, made administrator by ADMIN_EMAILS, the session cookie sent with every request)
// and their gardener page as a visitor sees it, on the production build with demo data, in headless
// Chromium, with Lighthouse's mobile defaults (a mid-range phone on slow 4G, simulated) except the CPU
// slowdown, which is calibrated to this machine: Lighthouse's benchmark index is measured first (the
// median of three), and the slowdown set from it by the points of Lighthouse's CPU throttling calculator
// (ADR 068); LIGHTHOUSE_CPU_SLOWDOWN=4 sets it by hand. Prints the Chromium version, the benchmark index
// and the slowdown with the scores, the metrics, the JavaScript each page sends before it is usable and
// every audit that is not passed; the full reports go to test-results/lighthouse/. Each page is measured
// LIGHTHOUSE_RUNS times (5 unless set) and the run with the median performance score is reported, beside
// the range. LIGHTHOUSE_DESKTOP=1 for its desktop settings, LIGHTHOUSE_PAGES=public or members for one of
// the two sets. LIGHTHOUSE_BESIDE=<another built checkout> (the previous release) measures it too, in
// turns with this build on the same browser and slowdown, so a change of the product shows apart from a
// change of the browser or the machine's load. Not part of `npm test`: scores vary with the machine and
// from run to run.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { isBuildCurrent, markBuilt } from "./build-state.mjs";

process.chdir(new URL("..", import.meta.url).pathname);
const PUBLIC_PAGES = [
  "/",
  "/browse-tips",
  "/explore-gardeners",
  "/auth/login",
  "/calendar",
  "/crops/spinach",
];
/** A member's pages; `:tip` is the member's own tip. Private to the member, so `noindex`: SEO is not scored. */
const MEMBER_PAGES = ["/tips/:tip", "/my-tips", "/dashboard", "/moderation"];
/** The member's address: an administrator once verified (ADMIN_EMAILS), so the moderation queue opens. */
const MEMBER_EMAIL = "lighthouse.member@example.com";
const pageSet = process.env.LIGHTHOUSE_PAGES ?? "all";
const desktop = process.env.LIGHTHOUSE_DESKTOP === "1";
const reportDir = path.join("test-results", "lighthouse");
mkdirSync(reportDir, { recursive: true });
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const besideDir = process.env.LIGHTHOUSE_BESIDE ? path.resolve(process.env.LIGHTHOUSE_BESIDE) : null;
const shortCommit = (dir) =>
  spawnSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() ||
  path.basename(dir);
/** The builds measured: this checkout, and the one LIGHTHOUSE_BESIDE names, each on a port of its own. */
const sites = [
  { label: `this build (${shortCommit(".")})`, dir: process.cwd(), port },
  ...(besideDir ? [{ label: shortCommit(besideDir), dir: besideDir, port: port + 1 }] : []),
];
for (const site of sites) {
  site.base = `http://127.0.0.1:${site.port}`;
  if (!existsSync(path.join(site.dir, "dist", "server", "server.mjs")) && site.dir !== process.cwd())
    throw new Error(`${site.dir} is not built: run npm run build there first`);
}

if (!isBuildCurrent()) {
  if (spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" }).status !== 0) process.exit(1);
  markBuilt();
}

/**
 * The CPU slowdown that makes a machine of this benchmark index a mid-range phone: the points of
 * Lighthouse's CPU throttling calculator (800 is 2x, 1300 is 3x, 1533 is 4x), joined by straight lines
 * and continued in proportion past the ends, never below 1x; to one decimal.
 */
function slowdownFor(index) {
  const points = [
    [800, 2],
    [1300, 3],
    [1533, 4],
  ];
  let slowdown = (4 * index) / 1533;
  if (index <= 800) slowdown = (2 * index) / 800;
  else
    for (let i = 1; i < points.length; i++) {
      const [x0, y0] = points[i - 1];
      const [x1, y1] = points[i];
      if (index <= x1) {
        slowdown = y0 + ((index - x0) * (y1 - y0)) / (x1 - x0);
        break;
      }
    }
  return Math.max(1, Math.round(slowdown * 10) / 10);
}

/** Starts `site`'s production server on an empty data folder of its own, with the demo data. */
function startSite(site) {
  site.dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-lighthouse-"));
  site.server = spawn(process.execPath, ["dist/server/server.mjs"], {
    cwd: site.dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(site.port),
      HOST: "127.0.0.1",
      DATA_DIR: site.dataDir,
      LOG_LEVEL: "warn",
      BASE_URL: site.base,
      ADMIN_EMAILS: MEMBER_EMAIL,
      // The member below writes 50 comments at once, faster than the limits let a person.
      RATE_LIMITS: "off",
    },
    stdio: "inherit",
  });
}

/**
 * A new member of `site`, e-mail verified, with one public tip of their own and 50 comments on it: their
 * session cookie, the tip's id and their handle.
 */
async function signUpMember({ base, dataDir }) {
  const headers = { "Content-Type": "application/json", Origin: base };
  const email = MEMBER_EMAIL;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name: "Lighthouse Member", email, password: "Sunflower7" }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const shared = await fetch(`${base}/api/tips`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({
      title: "Morning watering for tomatoes",
      plantType: "Tomato",
      difficulty: "Easy",
      description: "Water at the base in the morning, so the leaves stay dry and blight has less to go on.",
      images: null,
      category: "Vegetables",
      availability: "Public",
    }),
  });
  if (shared.status !== 201)
    throw new Error(`sharing a tip answered ${shared.status}: ${await shared.text()}`);
  const tip = await shared.json();
  await verifyEmail(email, cookie, dataDir);
  // Their tip's page is measured with 50 comments under it: threads, and replies to some.
  let last = null;
  for (let n = 1; n <= 50; n++) {
    const replyTo = n % 3 === 0 ? last : undefined;
    const written = await fetch(`${base}/api/tips/${tip._id}/comments`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: JSON.stringify({
        body: `Comment ${n}: how deep should the mulch be around young tomatoes in a dry spring?\nI use about 5 cm of straw, kept off the stems.`,
        replyTo,
      }),
    });
    if (written.status !== 201)
      throw new Error(`commenting answered ${written.status}: ${await written.text()}`);
    if (!replyTo) last = (await written.json())._id;
  }
  const profile = await (await fetch(`${base}/api/profile`, { headers: { Cookie: cookie } })).json();
  return { cookie, tipId: tip._id, handle: profile.handle };
}

/** Follows the verification link the server wrote to its outbox (DATA_DIR/outbox, without SMTP_URL). */
async function verifyEmail(email, cookie, dataDir) {
  const outbox = path.join(dataDir, "outbox");
  for (let i = 0; i < 100; i++) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files) {
      // Quoted-printable: soft line breaks joined, "=3D" read as "=".
      const text = readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replaceAll("=3D", "=");
      const link =
        text.includes(email) && text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
      if (link) {
        await fetch(link, { headers: { Cookie: cookie }, redirect: "manual" });
        return;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification e-mail to ${email} in ${outbox}`);
}

const stop = () => {
  for (const site of sites) {
    site.server?.kill("SIGTERM");
    if (site.dataDir) rmSync(site.dataDir, { recursive: true, force: true });
  }
};

/** The pages measured on `site`, with its own member's tip and handle in their addresses. */
function pagesOf(member) {
  return [
    ...(pageSet === "members" ? [] : PUBLIC_PAGES.map((url) => ({ url, shown: url }))),
    // The member's gardener page, as a visitor sees it.
    ...(member ? [{ url: `/gardeners/${member.handle}`, shown: "/gardeners/:handle" }] : []),
    ...(member
      ? MEMBER_PAGES.map((shown) => ({
          url: shown.replace(":tip", member.tipId),
          shown: `${shown} (member)`,
        }))
      : []),
  ];
}

try {
  for (const site of sites) startSite(site);
  for (const site of sites)
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${site.base}/api/health`)).ok) break;
      } catch (error) {
        if (i === 300) console.error(error);
      }
      if (i > 300) throw new Error(`${site.label} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  for (const site of sites) {
    site.member = pageSet === "public" ? null : await signUpMember(site);
    site.pages = pagesOf(site.member);
  }
  const PAGES = sites[0].pages;
  const chromePath =
    process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    // The machine's benchmark index, as Lighthouse measures it at the start of every run: the median of
    // three runs of the login page, then the slowdown that makes this machine a mid-range phone.
    const calibration = [];
    for (let run = 0; run < 3; run++) {
      const measured = await lighthouse(
        `${sites[0].base}/auth/login`,
        { port: chrome.port, output: "json", logLevel: "error" },
        { extends: "lighthouse:default", settings: { onlyCategories: ["performance"] } },
      );
      calibration.push(measured.lhr.environment);
    }
    calibration.sort((a, b) => a.benchmarkIndex - b.benchmarkIndex);
    const environment = calibration[1];
    // The user agent names the major version only (150.0.0.0); the browser itself says the whole one.
    const version = await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json();
    const chromium = version.Browser?.split("/")[1] ?? "unknown";
    const slowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN
      ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
      : slowdownFor(environment.benchmarkIndex);
    const machine = `Chromium ${chromium}; benchmark index ${Math.round(environment.benchmarkIndex)} (${calibration
      .map((each) => Math.round(each.benchmarkIndex))
      .join(", ")}); CPU slowdown ${desktop ? "none (desktop)" : `${slowdown}x`}; median of ${RUNS} runs${
      sites.length > 1 ? `, ${sites.map((site) => site.label).join(" and ")} in turns` : ""
    }`;
    console.log(machine);
    const runLighthouse = (site, page) =>
      lighthouse(
        `${site.base}${page.url}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          ...(page.shown.endsWith("(member)") ? { extraHeaders: { Cookie: site.member.cookie } } : {}),
        },
        {
          extends: "lighthouse:default",
          settings: desktop
            ? {
                onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
                formFactor: "desktop",
                screenEmulation: {
                  mobile: false,
                  width: 1350,
                  height: 940,
                  deviceScaleFactor: 1,
                  disabled: false,
                },
                throttlingMethod: "provided",
              }
            : {
                onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
                throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
              },
        },
      );
    const rows = [];
    for (const pageIndex of PAGES.keys()) {
      // Lighthouse now and then fails to record its trace (NO_NAVSTART, NO_FCP): its report then has a
      // runtimeError and scores of 0 that say nothing about the page. Such a run is made again (twice
      // at most), and said. With LIGHTHOUSE_RUNS, each page is measured that many times and the run with
      // the median performance score is the one reported, beside the range. Beside another build, the
      // two take turns, run by run.
      const runsOf = new Map(sites.map((site) => [site, []]));
      for (let run = 0; run < RUNS; run++)
        for (const site of sites) {
          const page = site.pages[pageIndex];
          for (let attempt = 1; attempt <= 3; attempt++) {
            const attempted = await runLighthouse(site, page);
            const error = attempted?.lhr?.runtimeError;
            if (!error) {
              if (attempted) runsOf.get(site).push(attempted);
              break;
            }
            console.log(
              `  ${site.label} ${page.shown}: Lighthouse could not measure the page (${error.code}); ${attempt < 3 ? "again" : "giving up"}`,
            );
          }
        }
      for (const site of sites) rows.push(reportOf(site, site.pages[pageIndex], runsOf.get(site)));
    }
    console.log(machine);
    console.table(rows);
  } finally {
    await chrome.kill();
  }
} finally {
  stop();
}

/** The row of `page`'s table for `site`: the median run's scores and metrics; its audits not passed said. */
function reportOf(site, page, runs) {
  const performanceOf = (r) => r.lhr.categories.performance?.score ?? 0;
  runs.sort((a, b) => performanceOf(a) - performanceOf(b));
  const result = runs[Math.floor(runs.length / 2)];
  const range =
    runs.length > 1
      ? `${Math.round(performanceOf(runs[0]) * 100)}-${Math.round(performanceOf(runs.at(-1)) * 100)}`
      : undefined;
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no report for ${site.label} ${page.shown}`);
  // A member page that answered the sign-in form instead was not measured signed in.
  if (page.shown.endsWith("(member)") && new URL(lhr.finalDisplayedUrl).pathname !== page.url)
    throw new Error(`${page.shown} ended at ${lhr.finalDisplayedUrl}: not signed in`);
  const file = `${page.shown.replace(/\W+/g, "_").replace(/_+$/, "") || "home"}${site === sites[0] ? "" : `-${site.label}`}`;
  writeFileSync(path.join(reportDir, `${file}.json`), JSON.stringify(lhr));
  const c = lhr.categories;
  const score = (key) => Math.round((c[key]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? 0;
  // Scripts sent (compressed bytes) by the time the page is loaded.
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
    (item) => item.resourceType === "Script",
  );
  const jsKb = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  const row = {
    page: page.shown,
    ...(sites.length > 1 ? { build: site.label } : {}),
    performance: score("performance"),
    ...(range ? { "performance range": range } : {}),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    "FCP s": (metric("first-contentful-paint") / 1000).toFixed(2),
    "LCP s": (metric("largest-contentful-paint") / 1000).toFixed(2),
    "TBT ms": Math.round(metric("total-blocking-time")),
    CLS: metric("cumulative-layout-shift").toFixed(3),
    "JS kB sent": jsKb.toFixed(1),
  };
  const failing = Object.values(lhr.audits).filter(
    (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative",
  );
  for (const audit of failing)
    console.log(`  ${site.label} ${page.shown}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ""}`);
  return row;
}
