/**
 * `npm run bench -- start`: how long the production build takes from `node dist/server/server.mjs` to its
 * first answer of `/`, on the embedded database: the first start on an empty DATA_DIR (migrations and the
 * demo data) and a restart on that same DATA_DIR. BENCH_RUNS times each (5 unless set); min, median, max.
 * BENCH_BESIDE=<another checkout, built> measures that build too, taking turns with this one, for a
 * before-and-after in one run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../src/server/test/server-process.ts";
import { ensureBuilt, projectRoot } from "./support.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const beside = process.env.BENCH_BESIDE ? path.resolve(process.env.BENCH_BESIDE) : null;

/** Milliseconds from the server's start to its first answer of `/`; the server is then stopped. */
async function firstAnswer(root: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/server/server.mjs"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return performance.now() - started;
      } catch {}
      if (child.exitCode !== null) throw new Error(`the server in ${root} stopped before answering`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `${s(sorted[0] ?? 0)} | ${s(sorted[Math.floor(sorted.length / 2)] ?? 0)} | ${s(sorted.at(-1) ?? 0)}`;
};

ensureBuilt();
const builds = [
  { name: "this build", root: projectRoot },
  ...(beside ? [{ name: beside, root: beside }] : []),
];
const results = builds.map(() => ({ first: [] as number[], restart: [] as number[] }));
for (let run = 0; run < RUNS; run++) {
  for (const [index, build] of builds.entries()) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-start-"));
    try {
      results[index]?.first.push(await firstAnswer(build.root, dataDir));
      results[index]?.restart.push(await firstAnswer(build.root, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(`\n${RUNS} runs each, taking turns.\n`);
console.log("| build | start | min | median | max |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const [index, build] of builds.entries()) {
  const result = results[index];
  if (!result) continue;
  console.log(`| ${build.name} | first, empty DATA_DIR | ${figures(result.first)} |`);
  console.log(`| ${build.name} | restart | ${figures(result.restart)} |`);
}
