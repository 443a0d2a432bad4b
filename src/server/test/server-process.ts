import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "../lib/paths.ts";

/** Starts the real server entry point (through tsx) and collects what it prints until it exits or answers. */
export function startServer(env: Record<string, string>, { waitForUrl }: { waitForUrl?: string } = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
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
    async ready() {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        try {
          const res = await fetch(waitForUrl ?? "");
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

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
