/**
 * `npm run bench -- notifications`: the live bell at scale, on the production build against a throwaway
 * PostgreSQL cluster (the bench makes its members old and confirmed in SQL, which the embedded database,
 * held by the server's process, would not let it). BENCH_STREAMS (default 1,000) members each hold one
 * event stream open, as one browser with the site on screen does. Measured:
 *
 * - the server's memory per open stream: its resident memory with the streams open less before, divided
 *   by their number;
 * - the database's work per idle stream: transactions committed in BENCH_IDLE_SECONDS (default 60) with
 *   every stream open and nothing happening, less the same time with none open (the server's own sweeps),
 *   per stream and minute (the target: 0);
 * - the delay from a comment to the bell: BENCH_COMMENTS (default 200) comments, one at a time, each on
 *   the tip of one of the members holding a stream, timed from the request leaving to that member's
 *   stream saying the new count (the target: under 1 s at p99, with every stream open).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { unreadEvents } from "../src/server/test/event-stream.ts";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";
import { freePort } from "../src/server/test/server-process.ts";
import { ensureBuilt, startServer } from "./support.ts";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 200);
const PASSWORD = "Sunflower-7-bench";

interface Member {
  id: string;
  cookie: string;
}

/** A bell as a browser holds it: the stream, and a way to wait for the next count it says. */
interface Bell {
  nextCount: () => Promise<number>;
  close: () => void;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The server process's resident memory, in bytes, from /proc. */
const residentBytes = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) * 1024;
};

async function signUp(base: string, n: number): Promise<Member> {
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ name: `Bench member ${n}`, email: `bench${n}@example.com`, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, cookie };
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

async function openBell(base: string, member: Member): Promise<Bell> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { Accept: "text/event-stream", Cookie: member.cookie },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
  const events = unreadEvents(response.body);
  return {
    nextCount: async () => (await events.next()).count,
    close: () => controller.abort(),
  };
}

async function committed(admin: pg.Client, database: string) {
  const { rows } = await admin.query<{ n: string }>(
    "select xact_commit + xact_rollback as n from pg_stat_database where datname = $1",
    [database],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Transactions the database committed in the idle time, as its statistics count them. */
async function idleTransactions(admin: pg.Client, database: string) {
  await admin.query("select pg_stat_clear_snapshot()");
  const before = await committed(admin, database);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  await admin.query("select pg_stat_clear_snapshot()");
  return (await committed(admin, database)) - before;
}

ensureBuilt();
const cluster = await startThrowawayCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-bell-"));
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database bench_bell");
  const url = new URL(cluster.url);
  url.pathname = "/bench_bell";
  const port = await freePort();
  const server = await startServer(
    { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO_DATA: "false" },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    console.log(`Signing up ${STREAMS + 1} members…`);
    const members = await inBatches(
      Array.from({ length: STREAMS }, (_, n) => n),
      8,
      (n) => signUp(base, n),
    );
    const commenter = await signUp(base, STREAMS);
    // Old, confirmed accounts: what they do is no newcomer's, and they may comment.
    await db.query(
      "update users set email_verified = true, created_at = now() - interval '60 days' where email like 'bench%@example.com'",
    );
    // Each member shares one tip, for the comments to come to.
    const tips = await inBatches(members, 8, async (member) => {
      const response = await fetch(`${base}/api/tips`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base, Cookie: member.cookie },
        body: JSON.stringify({
          title: "Beans on the balcony",
          plantType: "Bean",
          difficulty: "Easy",
          description: "Runner beans climb a balcony rail in a summer.",
          category: "Vegetables",
          availability: "Public",
        }),
      });
      if (response.status !== 201)
        throw new Error(`sharing answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { _id: string })._id;
    });

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleWithout = await idleTransactions(admin, "bench_bell");
    const memoryBefore = residentBytes(server.pid ?? 0);
    console.log(`Opening ${STREAMS} streams…`);
    const bells = await inBatches(members, 50, async (member) => {
      const bell = await openBell(base, member);
      await bell.nextCount();
      return bell;
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const memoryAfter = residentBytes(server.pid ?? 0);
    const idleWith = await idleTransactions(admin, "bench_bell");

    console.log(`${COMMENTS} comments, one at a time…`);
    const delays: number[] = [];
    for (let i = 0; i < COMMENTS; i++) {
      const target = i % STREAMS;
      const bell = bells[target] as Bell;
      const heard = bell.nextCount();
      const started = performance.now();
      const response = await fetch(`${base}/api/tips/${tips[target]}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base, Cookie: commenter.cookie },
        body: JSON.stringify({ body: `Question ${i}: how high do they climb?` }),
      });
      if (response.status !== 201)
        throw new Error(`commenting answered ${response.status}: ${await response.text()}`);
      await heard;
      delays.push(performance.now() - started);
    }
    for (const bell of bells) bell.close();

    const perStream = (memoryAfter - memoryBefore) / STREAMS;
    const idlePerStreamMinute = ((idleWith - idleWithout) / STREAMS) * (60 / IDLE_SECONDS);
    console.log(`
Live bell, ${STREAMS} streams open (PostgreSQL 15, production build, ${os.cpus().length} cores)
  server memory per open stream:        ${(perStream / 1024).toFixed(1)} KiB (resident ${(memoryBefore / 2 ** 20).toFixed(0)} MiB -> ${(memoryAfter / 2 ** 20).toFixed(0)} MiB)
  database transactions, idle ${IDLE_SECONDS} s:   ${idleWithout} without streams, ${idleWith} with ${STREAMS} open
  per idle stream and minute:           ${idlePerStreamMinute.toFixed(3)} (target 0)
  comment to bell, ${COMMENTS} comments:        p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, max ${Math.max(...delays).toFixed(1)} ms (target p99 < 1000 ms)`);
  } finally {
    await db.end();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  await admin.end();
} finally {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
