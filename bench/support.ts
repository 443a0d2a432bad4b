import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { isBuildCurrent, markBuilt } from "../scripts/build-state.mjs";
import { projectRoot } from "../src/server/lib/paths.ts";

export { projectRoot };

/** The benchmarks measure the production build: build it first when the sources changed. */
export function ensureBuilt() {
  process.chdir(projectRoot);
  if (isBuildCurrent()) return;
  console.log("Building the production bundle first…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the build failed");
  markBuilt();
}

/**
 * Starts the production server on `port` with the demo data and waits until it answers. The per-address
 * sign-in and sign-up limits are off: many benchmark accounts come from one address, and the limits are
 * for people, not for this. BENCH_SERVER_NODE_OPTIONS (words split on spaces) go before the server's
 * script on its command line, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes
 * (Node does not take --cpu-prof from NODE_OPTIONS). It logs as production does, a JSON line per request
 * (ADR 044), so the figures include that cost; the lines go to /dev/null, the warnings and errors among
 * them with them.
 */
export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeOptions, "dist/server/server.mjs"], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_DATA: "true",
      RATE_LIMITS: "off",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The resident memory of a process and every process it started (the server's photo decoders). */
export function residentMemory(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
    return own + children.reduce((sum, child) => sum + residentMemory(child), 0);
  } catch {
    return 0; // the process ended while it was read
  }
}

/** The `fraction` percentile of `samples` (0.99: the p99), nearest rank. */
export function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
}
