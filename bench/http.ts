/**
 * `npm run bench -- http`: the public reads at 50 connections, on the production build, each measured beside
 * a bare node:http server in its own process answering the same bytes with the same headers, in the same run
 * (the target, ADR 066: at least 0.8x of it, p99 at most 10 ms), and beside the same build with every
 * request's id, log line and metrics off (`REQUEST_WATCHING=off`): what watching a request costs, which
 * should be at most a tenth. Once on the embedded PGlite and once on a throwaway PostgreSQL cluster, both
 * filled with the demo data. The watched server logs at `info` as production does (to /dev/null).
 *
 * Watching's cost is given twice: as requests a second lost, and as CPU a request added, read from the
 * server process's own counters (every thread). On a shared machine both move between rounds by more
 * than the 10 % they are to show: take more rounds.
 *
 * BENCH_AA=1 watches the second server too (an A/A run): its "watching costs" columns are then the
 * noise of the machine and of the two servers' data folders, the floor any A/B figure must clear.
 *
 * BENCH_SECONDS (default 5) per measurement; each read is measured BENCH_ROUNDS times (2 unless set) on
 * each server, taking turns (watched, unwatched, bare), and the figures are the means of the rounds.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";
import { freePort } from "../src/server/test/server-process.ts";
import {
  CONNECTIONS,
  DRIVERS,
  type Measured,
  mean,
  measure,
  ROUNDS,
  SECONDS,
  startBare,
  stop,
} from "./beside-bare.ts";
import { ensureBuilt, startServer } from "./support.ts";

interface Target {
  name: string;
  path: string;
}

/** The reads measured, on a server at `base` (a tip's id is that server's own). */
async function targetsOf(base: string): Promise<Target[]> {
  const tips = (await (await fetch(`${base}/api/tips?availability=Public&limit=1`)).json()) as Array<{
    _id: string;
  }>;
  return [
    { name: "public tips, first page", path: "/api/tips?availability=Public" },
    {
      name: "Browse page 2, level Easy",
      path: "/api/tips?availability=Public&difficulty=Easy&limit=10&offset=10",
    },
    { name: "trending (likes), limit 6", path: "/api/tips?availability=Public&sort=likes&limit=6" },
    { name: "one tip, for a visitor", path: `/api/tips/${tips[0]?._id}` },
    { name: "gardeners", path: "/api/gardeners" },
    { name: "active gardeners, limit 6", path: "/api/gardeners?status=active&limit=6" },
    // The pages' HTML, rendered by the server, for a visitor (no cookie).
    { name: "home page HTML, for a visitor", path: "/" },
    { name: "Browse Tips HTML, for a visitor", path: "/browse-tips" },
  ];
}

/**
 * The watched server and the unwatched one each on data of their own (`env` and `unwatchedEnv`): two
 * embedded databases cannot share a folder, and the figures are of answers from memory either way.
 */
async function benchmark(label: string, env: Record<string, string>, unwatchedEnv: Record<string, string>) {
  const port = await freePort();
  const server = await startServer(env, port);
  const unwatchedPort = await freePort();
  const unwatched = await startServer(
    process.env.BENCH_AA === "1" ? unwatchedEnv : { ...unwatchedEnv, REQUEST_WATCHING: "off" },
    unwatchedPort,
  );
  const base = `http://127.0.0.1:${port}`;
  const unwatchedBase = `http://127.0.0.1:${unwatchedPort}`;
  const rows: string[] = [];
  const workDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-"));
  let bare: ChildProcess | null = null;
  try {
    const targets = await targetsOf(base);
    const unwatchedTargets = await targetsOf(unwatchedBase);
    // What the server answers (after a first request has filled its cache), for the bare server to repeat.
    const answers: Record<string, { status: number; headers: Array<[string, string]>; body: string }> = {};
    // autocannon asks for no compression, so neither do these (fetch would ask for br and undo it).
    const identity = { headers: { "Accept-Encoding": "identity" } };
    for (const [index, target] of targets.entries()) {
      await fetch(`${unwatchedBase}${unwatchedTargets[index]?.path}`, identity);
      await fetch(`${base}${target.path}`, identity);
      const response = await fetch(`${base}${target.path}`, identity);
      const body = Buffer.from(await response.arrayBuffer());
      const headers = [...response.headers].filter(
        ([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name),
      );
      answers[target.path] = { status: response.status, headers, body: body.toString("base64") };
    }
    const answersFile = path.join(workDir, "answers.json");
    writeFileSync(answersFile, JSON.stringify(answers));
    const barePort = await freePort();
    bare = await startBare(answersFile, barePort);

    for (const [index, target] of targets.entries()) {
      const ours: Measured[] = [];
      const notWatched: Measured[] = [];
      const theirs: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(await measure(`${base}${target.path}`, undefined, server.pid));
        notWatched.push(
          await measure(`${unwatchedBase}${unwatchedTargets[index]?.path}`, undefined, unwatched.pid),
        );
        theirs.push(await measure(`http://127.0.0.1:${barePort}${target.path}`));
      }
      const a = mean(ours);
      const u = mean(notWatched);
      const b = mean(theirs);
      const bytes = Buffer.from(answers[target.path]?.body ?? "", "base64").length;
      const cost = 1 - a.requestsPerSecond / u.requestsPerSecond;
      const cpuCost = a.cpuPerRequest / u.cpuPerRequest - 1;
      rows.push(
        `| ${target.name} (${(bytes / 1024).toFixed(1)} KB) | ${a.requestsPerSecond.toFixed(0)} | ${b.requestsPerSecond.toFixed(0)} | ${(a.requestsPerSecond / b.requestsPerSecond).toFixed(2)}x | ${a.p99.toFixed(1)} ms | ${b.p99.toFixed(1)} ms | ${u.requestsPerSecond.toFixed(0)} | ${(100 * cost).toFixed(0)} % | ${a.cpuPerRequest.toFixed(1)} / ${u.cpuPerRequest.toFixed(1)} µs | ${(100 * cpuCost).toFixed(0)} % | ${a.errors + u.errors} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    if (bare) await stop(bare);
    await stop(server);
    await stop(unwatched);
    rmSync(workDir, { recursive: true, force: true });
  }
  return [
    `### ${label}`,
    "",
    `${CONNECTIONS} connections, ${SECONDS} s per measurement, means of ${ROUNDS} rounds taking turns.${process.env.BENCH_AA === "1" ? " A/A run: the second server is watched too, so its columns are the noise." : ""}`,
    "",
    "| read | ours req/s | bare req/s | ratio | ours p99 | bare p99 | unwatched req/s | watching costs | CPU a request, watched / unwatched | watching costs (CPU) | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}

ensureBuilt();
const reports: string[] = [];
if (DRIVERS.includes("pglite")) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-data-"));
  const otherDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-data-"));
  try {
    reports.push(await benchmark("Embedded PGlite", { DATA_DIR: dataDir }, { DATA_DIR: otherDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDir, { recursive: true, force: true });
  }
}
const cluster = DRIVERS.includes("postgres") ? await startThrowawayCluster() : null;
if (cluster)
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database bench_http");
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = "/bench_http";
    const pgData = mkdtempSync(path.join(os.tmpdir(), "garden-bench-data-"));
    const otherData = mkdtempSync(path.join(os.tmpdir(), "garden-bench-data-"));
    // Two instances of one site, as several servers share one PostgreSQL database.
    const site = { DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: "bench-secret-".padEnd(40, "x") };
    try {
      reports.push(
        await benchmark("PostgreSQL 15", { ...site, DATA_DIR: pgData }, { ...site, DATA_DIR: otherData }),
      );
    } finally {
      rmSync(pgData, { recursive: true, force: true });
      rmSync(otherData, { recursive: true, force: true });
    }
  } finally {
    await cluster.stop();
  }
console.log(`\n${reports.join("\n\n")}`);
