import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { isBuildCurrent } from "../../../scripts/build-state.mjs";
import { openDatabase } from "../db/client.ts";
import { projectRoot } from "../lib/paths.ts";
import { pgliteSnapshot } from "./migrated-templates.ts";
import { freePort } from "./ports.ts";
import { decodeMessage } from "./smtp-capture.ts";
import { createPostgresDatabase, testDriver } from "./test-db.ts";

let buildChecked = false;

/**
 * The server as `npm start` runs it: the bundle the build made (ADR 047). Through tsx it answered 20-60 s
 * later on a loaded machine, and what an operator runs is the bundle. A bundle older than the sources
 * would test yesterday's server, so it is refused.
 */
function builtServer(): string {
  if (!buildChecked) {
    if (!isBuildCurrent())
      throw new Error(
        "dist/ was not built from the current sources: run `npm run build` (npm test and npm run test:changed build first)",
      );
    buildChecked = true;
  }
  return path.join(projectRoot, "dist", "server", "server.mjs");
}

/** Starts the built server and collects what it prints until it exits or answers. */
export function startServer(env: Record<string, string>, { waitForUrl }: { waitForUrl?: string } = {}) {
  const child = spawn(process.execPath, [builtServer()], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", SEED_DEMO_DATA: "false", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    /** Waits for the server to answer; a fresh data folder's migrations on a busy CI machine take a while. */
    async ready(waitMs = 90_000) {
      const deadline = Date.now() + waitMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        try {
          const res = await fetch(waitForUrl ?? "", { signal: AbortSignal.timeout(5_000) });
          if (res.ok) return;
        } catch {}
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`server did not answer: ${output}`);
    },
  };
}

export function tempDir() {
  return mkdtempSync(path.join(os.tmpdir(), "garden-server-"));
}

/**
 * A new DATA_DIR whose embedded database is already migrated: loaded from the run's snapshot (ADR 047),
 * as PGlite loads one into an empty folder. For tests whose subject is not a site's first start, which
 * costs PGlite's initdb; the tests of a first start use `tempDir()`.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = tempDir();
  const database = await openDatabase({ dataDir: dir, snapshot: await pgliteSnapshot() });
  await database.close();
  return dir;
}

/**
 * Where a server test's site keeps its data, on the run's engine and already migrated (ADR 047): DATA_DIR
 * alone for the embedded database, or with DATABASE_URL a new database on the run's PostgreSQL server,
 * which `drop` removes. For tests whose subject is not a site's first start.
 */
export async function siteData(
  prefix: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (testDriver === "pglite") return { env: { DATA_DIR: await migratedDataDir() }, drop: async () => {} };
  const created = await createPostgresDatabase(prefix, { migrated: true });
  return { env: { DATA_DIR: tempDir(), DATABASE_URL: created.url }, drop: created.drop };
}

/**
 * The built server as production runs it, on 127.0.0.1 at a free port (or `port`), with BASE_URL its own
 * address unless `env` gives one, once it answers `readyPath`. `stop` ends it with SIGTERM and answers
 * its exit code.
 */
export async function serveSite(
  env: Record<string, string>,
  { port, readyPath = "/api/health/ready" }: { port?: number; readyPath?: string } = {},
) {
  const at = port ?? (await freePort());
  const base = `http://127.0.0.1:${at}`;
  const server = startServer(
    { NODE_ENV: "production", PORT: String(at), HOST: "127.0.0.1", BASE_URL: base, ...env },
    { waitForUrl: `${base}${readyPath}` },
  );
  await server.ready();
  return {
    ...server,
    base,
    port: at,
    async stop() {
      server.child.kill("SIGTERM");
      return server.exited;
    },
  };
}

export { freePort };

/** Signs a new member up on a running server (as its own page would) and answers their session cookie. */
export async function signUp(
  base: string,
  name = "Careful Keeper",
  { confirmIn }: { confirmIn?: string } = {},
): Promise<string> {
  const email = `keeper.${randomUUID()}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ name, email, password: "Sunflower7" }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (confirmIn) await confirmFromOutbox(base, cookie, email, path.join(confirmIn, "outbox"));
  return cookie;
}

/**
 * Confirms the e-mail as its owner would: the verification e-mail the site wrote to its outbox (a site
 * without SMTP_URL writes each e-mail there), its link followed in the signed-in browser. The e-mail
 * leaves after the sign-up's answer, so it is waited for.
 */
export async function confirmFromOutbox(base: string, cookie: string, email: string, outbox: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const link = await outboxLink(outbox, email, /\/api\/auth\/verify-email\?\S+/);
    if (link) {
      const res = await fetch(`${base}${link}`, { headers: { Cookie: cookie }, redirect: "manual" });
      const location = res.headers.get("location") ?? "";
      if (res.status !== 302 || location.includes("error="))
        throw new Error(`the verification link answered ${res.status} ${location}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification e-mail to ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The path and query of the first link matching `pattern` in an e-mail to `email` in the outbox. */
async function outboxLink(outbox: string, email: string, pattern: RegExp): Promise<string | null> {
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    return null;
  }
  for (const file of files) {
    const raw = readFileSync(path.join(outbox, file));
    if (!raw.includes(email)) continue;
    const found = (await decodeMessage(raw)).text.match(pattern)?.[0];
    if (found) return found;
  }
  return null;
}

/**
 * Runs one of the operator's npm scripts as docs/operations.md gives it (`npm run --silent NAME -- ARGS`),
 * in production mode with `env` added, and answers how it ended and what it printed.
 */
export function runNpmScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr })),
  );
}
