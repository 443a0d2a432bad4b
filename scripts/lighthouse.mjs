// `npm run lighthouse`: Lighthouse scores for the main public pages, on the production build with demo
// data, in headless Chromium. Not part of `npm test`: scores vary with the machine.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { isBuildCurrent, markBuilt } from "./build-state.mjs";

process.chdir(new URL("..", import.meta.url).pathname);
const PAGES = ["/", "/browse-tips", "/explore-gardeners"];
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const base = `http://127.0.0.1:${port}`;

if (!isBuildCurrent()) {
  if (spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" }).status !== 0) process.exit(1);
  markBuilt();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-lighthouse-"));
const server = spawn(process.execPath, ["dist/server/server.mjs"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    BASE_URL: base,
  },
  stdio: "inherit",
});
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 100) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
    const rows = [];
    for (const page of PAGES) {
      const result = await lighthouse(
        `${base}${page}`,
        { port: chrome.port, output: "json", logLevel: "error" },
        {
          extends: "lighthouse:default",
          settings: {
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
          },
        },
      );
      const c = result?.lhr.categories ?? {};
      const score = (key) => Math.round((c[key]?.score ?? 0) * 100);
      rows.push({
        page,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
      });
    }
    console.table(rows);
  } finally {
    await chrome.kill();
  }
} finally {
  stop();
}
