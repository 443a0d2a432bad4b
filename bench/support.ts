import { type ChildProcess, spawn, spawnSync } from "node:child_process";
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
