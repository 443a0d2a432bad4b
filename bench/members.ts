/**
 * `npm run bench -- members`: what one signed-in member's requests cost at 50 connections, on the production
 * build, each measured beside a bare node:http server in its own process answering the same bytes with the
 * same headers, in the same run. The reads a member makes on every page or screen: the session, a public
 * tip's details, their own My Tips list (as the My Tips screen asks for it, with one tip of their own in
 * it) and the dashboard figures; and two writes: a like on a tip they already like, and sharing a tip (each
 * request shares one more). Once on the embedded PGlite and once on a throwaway PostgreSQL cluster, both
 * filled with the demo data; BENCH_DRIVERS=pglite or postgres for one.
 *
 * Every request carries the member's cookie, to the bare server too, so both are sent the same request.
 * The bare server matches the URL only: for the writes it repeats the answer the real server gave once, so
 * its figure is the ceiling of answering those bytes, not of doing the write.
 *
 * The targets: the reads at least 0.2x of the bare server with a p99 of at most 25 ms (a signed-in answer
 * is made for one member and cannot be cached for everyone, as the public reads are), the writes a p99 of
 * at most 100 ms. Missing them is a result, not a failure: the exit code is 0 unless the run itself fails.
 *
 * BENCH_SECONDS (default 5) per measurement; each pair is measured twice, alternating (ours, bare, ours,
 * bare), and the figures are the means of the two.
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
  type RequestShape,
  SECONDS,
  startBare,
  stop,
} from "./beside-bare.ts";
import { ensureBuilt, startServer } from "./support.ts";

const PASSWORD = "Sunflower7";
const READ_MIN_RATIO = 0.2;
const READ_MAX_P99_MS = 25;
const WRITE_MAX_P99_MS = 100;
/** The My Tips screen's page size (src/web/features/tips/components/my-tips-list.tsx). */
const MY_TIPS_PAGE_SIZE = 20;

interface Target {
  name: string;
  path: string;
  kind: "read" | "write";
  method: "GET" | "POST";
  /** A JSON body, for the writes. */
  body?: string;
}

/** A tip as the share form sends it; every required field valid. */
const tipBody = (title: string) =>
  JSON.stringify({
    title,
    plantType: "Tomato",
    difficulty: "Easy",
    description: "Water at the base in the morning, so the leaves stay dry and blight has less to go on.",
    images: null,
    category: "Vegetables",
    availability: "Public",
  });

async function expectStatus(response: Response, statuses: number[], what: string) {
  if (!statuses.includes(response.status))
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function benchmark(label: string, env: Record<string, string>) {
  const port = await freePort();
  const server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const rows: string[] = [];
  let met = 0;
  const workDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-"));
  let bare: ChildProcess | null = null;
  try {
    const email = `member.${Date.now()}@example.com`;
    const signUp = await expectStatus(
      await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ name: "Bench Member", email, password: PASSWORD }),
      }),
      [200],
      "sign-up",
    );
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // autocannon asks for no compression, so neither do these (fetch would ask for br and undo it).
    const reading: RequestShape = {
      method: "GET",
      headers: { Cookie: cookie, "Accept-Encoding": "identity" },
    };
    const writing = (body?: string): RequestShape => ({
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: base,
        "Accept-Encoding": "identity",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body,
    });
    const send = (target: Target) => {
      const request = target.kind === "read" ? reading : writing(target.body);
      return fetch(`${base}${target.path}`, request);
    };

    const tips = (await (await fetch(`${base}/api/tips?availability=Public&limit=1`)).json()) as Array<{
      _id: string;
    }>;
    const tipId = tips[0]?._id;
    if (!tipId) throw new Error("the demo data has no public tip");
    // The member's own tip, so My Tips lists one, and the like that the measured like repeats.
    await expectStatus(
      await fetch(`${base}/api/tips`, writing(tipBody("My first tomato tip"))),
      [201],
      "sharing the member's tip",
    );
    await expectStatus(await fetch(`${base}/api/tips/${tipId}/like`, writing()), [200], "the first like");

    // The URL the My Tips screen asks for: its page, then the member's e-mail (as the web app's client
    // builds it, from useMyTips).
    const myTips = new URLSearchParams({ limit: String(MY_TIPS_PAGE_SIZE), offset: "0", email });
    const targets: Target[] = [
      { name: "session (every page)", path: "/api/auth/get-session", kind: "read", method: "GET" },
      { name: "a public tip, signed in", path: `/api/tips/${tipId}`, kind: "read", method: "GET" },
      { name: "My Tips", path: `/api/tips?${myTips}`, kind: "read", method: "GET" },
      { name: "dashboard figures", path: "/api/dashboard/stats", kind: "read", method: "GET" },
      { name: "like again", path: `/api/tips/${tipId}/like`, kind: "write", method: "POST" },
      {
        name: "share a tip",
        path: "/api/tips",
        kind: "write",
        method: "POST",
        body: tipBody("Morning watering for tomatoes"),
      },
    ];
    // What the server answers (the reads after a first request has filled any cache), for the bare server
    // to repeat; a write's answer is recorded once (sharing records one more tip).
    const answers: Record<string, { status: number; headers: Array<[string, string]>; body: string }> = {};
    for (const target of targets) {
      if (target.kind === "read") await (await send(target)).arrayBuffer();
      const response = await expectStatus(await send(target), [200, 201], target.name);
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

    for (const target of targets) {
      const request = target.kind === "read" ? reading : writing(target.body);
      const ours: Measured[] = [];
      const theirs: Measured[] = [];
      for (let round = 0; round < 2; round++) {
        ours.push(await measure(`${base}${target.path}`, request));
        theirs.push(await measure(`http://127.0.0.1:${barePort}${target.path}`, request));
      }
      const a = mean(ours);
      const b = mean(theirs);
      const ratio = a.requestsPerSecond / b.requestsPerSecond;
      const meets =
        target.kind === "read"
          ? ratio >= READ_MIN_RATIO && a.p99 <= READ_MAX_P99_MS
          : a.p99 <= WRITE_MAX_P99_MS;
      if (meets) met += 1;
      const bytes = Buffer.from(answers[target.path]?.body ?? "", "base64").length;
      rows.push(
        `| ${target.method} ${target.name} (${(bytes / 1024).toFixed(1)} KB) | ${a.requestsPerSecond.toFixed(0)} | ${b.requestsPerSecond.toFixed(0)} | ${ratio.toFixed(2)}x | ${a.p99.toFixed(1)} ms | ${b.p99.toFixed(1)} ms | ${a.errors} |`,
      );
      console.log(rows.at(-1));
    }
    return [
      `### ${label}`,
      "",
      `${CONNECTIONS} connections, ${SECONDS} s per measurement, means of two alternating rounds, signed in as one member.`,
      "",
      "| request | ours req/s | bare req/s | ratio | ours p99 | bare p99 | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows,
      "",
      `${label}: ${met} of ${targets.length} requests meet the targets (reads at least ${READ_MIN_RATIO}x and p99 at most ${READ_MAX_P99_MS} ms, writes p99 at most ${WRITE_MAX_P99_MS} ms).`,
    ].join("\n");
  } finally {
    if (bare) await stop(bare);
    await stop(server);
    rmSync(workDir, { recursive: true, force: true });
  }
}

ensureBuilt();
const reports: string[] = [];
if (DRIVERS.includes("pglite")) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-data-"));
  try {
    reports.push(await benchmark("Embedded PGlite", { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const cluster = DRIVERS.includes("postgres") ? await startThrowawayCluster() : null;
if (cluster)
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database bench_members");
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = "/bench_members";
    const pgData = mkdtempSync(path.join(os.tmpdir(), "garden-bench-data-"));
    try {
      reports.push(await benchmark("PostgreSQL 15", { DATABASE_URL: url.toString(), DATA_DIR: pgData }));
    } finally {
      rmSync(pgData, { recursive: true, force: true });
    }
  } finally {
    await cluster.stop();
  }
console.log(`\n${reports.join("\n\n")}`);
