import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "./lib/paths.ts";
import { freePort, migratedDataDir, startServer, tempDir } from "./test/server-process.ts";

/**
 * docs/operations.md promises that every command in it works as written: each `sh` block is run here,
 * with bash, against a server started as an operator would (production, a metrics token).
 */
const TOKEN = "operations-doc-token-0123456789";
const blocks = [
  ...readFileSync(path.join(projectRoot, "docs", "operations.md"), "utf8").matchAll(/```sh\n([\s\S]*?)```/g),
].map((match) => match[1] ?? "");
let server: ReturnType<typeof startServer>;
let site = "";
let dataDir = "";

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  dataDir = await migratedDataDir();
  server = startServer(
    {
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      METRICS_TOKEN: TOKEN,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: site,
    },
    { waitForUrl: `${site}/api/health` },
  );
  await server.ready();
}, 120_000);

afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
});

/** One folder for the backup blocks: the restore block reads what the backup block wrote. */
const backups = tempDir();

describe("docs/operations.md", () => {
  it("has commands to run", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const curl = spawnSync("curl", ["--version"]);
    // Not skipped when missing: the documented commands use curl, so a machine without it says what to add.
    expect(curl.error, "the documented commands need curl: apt-get install -y curl").toBeUndefined();
  });

  it.each(blocks.map((block, index) => [index + 1, block] as const))(
    "block %i runs as written",
    async (_, block) => {
      const run = spawnSync("bash", ["--norc", "--noprofile", "-euo", "pipefail", "-c", block], {
        cwd: projectRoot,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          SITE: site,
          DATA_DIR: dataDir,
          BACKUPS: backups,
          BASE_URL: site,
          METRICS_TOKEN: TOKEN,
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).not.toBe("");
      // The id the first block finds is one the server wrote in its log.
      const id = /^search the log for (\S+)$/m.exec(run.stdout)?.[1];
      if (id) await expect.poll(() => server.output(), { timeout: 10_000 }).toContain(`"reqId":"${id}"`);
    },
    // A block may take its command's own 60 s (a backup and a restore through npm), and the log wait after.
    75_000,
  );
});
