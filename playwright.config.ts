import { defineConfig, devices } from "@playwright/test";

import { CHROMIUM_ARGS, chromiumPath } from "./e2e/support/chromium.ts";
import { E2E } from "./e2e/support/env.ts";

const baseURL = E2E.baseURL;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // The longest journeys (every route's title, a photo shared and checked in both themes with axe) make
  // 15-20 full page loads; Debian's Chromium 150 on a 2-core machine takes 1-1.5 s each to load and hydrate
  // them, which left no room under 30 s. A step that hangs still fails after the 7 s of its expectation.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // Recording a trace of every test (to keep those that fail) cost a fifth of the run's time, and a CI
    // run's files are not kept: a failure prints its error and keeps a screenshot; rerun that test with
    // `--trace on` to step through it (ADR 047).
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  // The production build on a fresh embedded database with the demo data.
  webServer: {
    command: "node --import tsx e2e/support/server.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
