/**
 * `npm run bench -- export`: one member's copy of their data at a large account's size (ADR 088), and what
 * building it does to everyone else. On the production build with a throwaway PostgreSQL cluster (the
 * server's memory is then the server's alone), the member has BENCH_EXPORT_TIPS tips (10,000) each with
 * its own photo, BENCH_EXPORT_PHOTO_MB of photos in all (2,048: about 205 KB each, written straight to
 * DATA_DIR/uploads with their rows, as uploads would have left them), 2,000 comments, and a like on each
 * of the demo gardeners' tips.
 *
 * It measures the p99 of another member's reads (their session, the public tip list, a tip), each asked
 * every 100 ms, first for BENCH_QUIET_SECONDS (5) with nothing else going on, then while the export is
 * built; the build's time; the zip's size; the server's resident memory before, at its peak while
 * building, and at its peak while the zip is downloaded. The target: memory flat (the peak within 100 MB
 * of where it started, whatever the account's size) and the reads' p99 within 2x of their quiet figure.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";
import { freePort } from "../src/server/test/server-process.ts";
import { ensureBuilt, percentile, residentMemory, startServer } from "./support.ts";

const TIPS = Number(process.env.BENCH_EXPORT_TIPS ?? 10_000);
const PHOTO_MB = Number(process.env.BENCH_EXPORT_PHOTO_MB ?? 2048);
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 5);
const PACE_MS = 100;
const PASSWORD = "Sunflower7";
const MB = 1024 * 1024;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signUp(base: string, name: string) {
  const email = `${name.toLowerCase()}.${Date.now()}@example.com`;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email, cookie };
}

ensureBuilt();
const cluster = await startThrowawayCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-export-"));
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database bench_export");
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = "/bench_export";
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, port);
  const pid = server.pid ?? 0;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const owner = await signUp(base, "Exporter");
    const reader = await signUp(base, "Reader");

    // The account as years of sharing leave it: tips with photos, comments and likes.
    const photoBytes = Math.floor((PHOTO_MB * MB) / TIPS);
    console.log(
      `Writing ${TIPS.toLocaleString("en")} tips with a ${(photoBytes / 1024).toFixed(0)} KB photo each (${PHOTO_MB} MB)…`,
    );
    const uploads = path.join(dataDir, "uploads");
    mkdirSync(uploads, { recursive: true });
    const body = Buffer.alloc(photoBytes, 7);
    const hashes: string[] = [];
    for (let i = 0; i < TIPS; i += 1) {
      const hash = i.toString(16).padStart(32, "0");
      hashes.push(hash);
      body.write(hash, 0, "latin1");
      writeFileSync(path.join(uploads, `${hash}-800x600.webp`), body);
    }
    await db.query(
      `insert into photos (hash, storage_key, width, height)
       select h, h || '-800x600.webp', 800, 600 from unnest($1::text[]) h`,
      [hashes],
    );
    await db.query("insert into photo_uploads (hash, owner_id) select h, $2 from unnest($1::text[]) h", [
      hashes,
      owner.id,
    ]);
    await db.query(
      `insert into tips (title, plant_type, difficulty, description, category, availability, author_id, name, email, photo_hash, created_at)
       select 'Tip ' || n, 'Tomato', 'Easy', repeat('Water early, mulch well. ', 20), 'Vegetables',
         case when n % 10 = 0 then 'Private' else 'Public' end::availability, $2, 'Exporter', $3,
         ($1::text[])[n], now() - n * interval '1 hour'
       from generate_series(1, $4::int) n`,
      [hashes, owner.id, owner.email, TIPS],
    );
    await db.query(
      `with picked as (
         select id as tip_id, gen_random_uuid() as id from tips where author_id = $1 order by created_at limit 2000
       )
       insert into comments (tip_id, author_id, thread_id, thread_at, body, editable_until, id)
       select tip_id, $1, id, now(), 'A comment of mine', now(), id from picked`,
      [owner.id],
    );
    await db.query(
      "insert into tip_likes (tip_id, user_id) select id, $1 from tips where author_id <> $1 limit 2000",
      [owner.id],
    );

    const [first] = (await (await fetch(`${base}/api/tips?availability=Public&limit=1`)).json()) as Array<{
      _id: string;
    }>;
    const reads: Record<string, () => Promise<Response>> = {
      session: () => fetch(`${base}/api/auth/get-session`, { headers: { Cookie: reader.cookie } }),
      "tip list": () => fetch(`${base}/api/tips?availability=Public`, { headers: { Cookie: reader.cookie } }),
      "a tip": () => fetch(`${base}/api/tips/${first?._id}`, { headers: { Cookie: reader.cookie } }),
    };
    async function measure(running: () => boolean) {
      const latencies: Record<string, number[]> = {};
      await Promise.all(
        Object.entries(reads).map(async ([name, read]) => {
          const samples: number[] = [];
          latencies[name] = samples;
          while (running()) {
            const started = performance.now();
            await (await read()).arrayBuffer();
            const took = performance.now() - started;
            samples.push(took);
            if (took < PACE_MS) await wait(PACE_MS - took);
          }
        }),
      );
      return latencies;
    }
    for (const read of Object.values(reads)) await (await read()).arrayBuffer();
    const quietUntil = Date.now() + QUIET_SECONDS * 1000;
    const quiet = await measure(() => Date.now() < quietUntil);
    const before = residentMemory(pid);

    let peak = before;
    let sampler = setInterval(() => {
      peak = Math.max(peak, residentMemory(pid));
    }, 50);
    const started = performance.now();
    const asked = await fetch(`${base}/api/account/export`, {
      method: "POST",
      headers: { Cookie: owner.cookie, Origin: base },
    });
    if (asked.status !== 202) throw new Error(`asking answered ${asked.status}`);
    let ready: { state: string; size: number | null; downloadUrl: string | null } | null = null;
    const building = measure(() => ready === null);
    const deadline = Date.now() + 30 * 60_000;
    while (ready === null) {
      if (Date.now() > deadline) throw new Error("the export was not ready within 30 minutes");
      await wait(200);
      const status = (await (
        await fetch(`${base}/api/account/export`, { headers: { Cookie: owner.cookie } })
      ).json()) as { latest: { state: string; size: number | null; downloadUrl: string | null } };
      if (status.latest.state === "failed") throw new Error("the export failed");
      if (status.latest.state === "ready") ready = status.latest;
    }
    const buildSeconds = (performance.now() - started) / 1000;
    const busy = await building;
    clearInterval(sampler);
    const buildPeak = Math.max(peak, residentMemory(pid));

    peak = residentMemory(pid);
    sampler = setInterval(() => {
      peak = Math.max(peak, residentMemory(pid));
    }, 50);
    const downloadStarted = performance.now();
    const download = await fetch(ready.downloadUrl ?? "", { headers: { Cookie: owner.cookie } });
    let bytes = 0;
    for await (const chunk of (download.body ?? []) as unknown as AsyncIterable<Uint8Array>)
      bytes += chunk.byteLength;
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    clearInterval(sampler);
    const downloadPeak = Math.max(peak, residentMemory(pid));

    const rows = Object.keys(reads).map((name) => {
      const calm = percentile(quiet[name] ?? [], 0.99);
      const loaded = percentile(busy[name] ?? [], 0.99);
      return `| ${name} | ${calm.toFixed(1)} | ${loaded.toFixed(1)} | ${(loaded / calm).toFixed(2)}x | ${busy[name]?.length ?? 0} |`;
    });
    const version = (await db.query<{ server_version: string }>("show server_version")).rows[0]
      ?.server_version;
    const liked = (
      await db.query<{ n: number }>("select count(*)::int as n from tip_likes where user_id = $1", [owner.id])
    ).rows[0]?.n;
    console.log(
      `\nExport of ${TIPS.toLocaleString("en")} tips, ${PHOTO_MB} MB of photos, 2,000 comments and ${liked} likes (PostgreSQL ${version})`,
    );
    console.log(
      `Built in ${buildSeconds.toFixed(1)} s: ${((ready.size ?? 0) / MB).toFixed(0)} MB zip (${((ready.size ?? 0) / MB / buildSeconds).toFixed(0)} MB/s)`,
    );
    console.log(
      `Downloaded ${(bytes / MB).toFixed(0)} MB in ${downloadSeconds.toFixed(1)} s (${download.status})`,
    );
    console.log(
      `Server memory: ${(before / MB).toFixed(0)} MB before, peak ${(buildPeak / MB).toFixed(0)} MB building (+${((buildPeak - before) / MB).toFixed(0)} MB), peak ${(downloadPeak / MB).toFixed(0)} MB downloading (+${((downloadPeak - before) / MB).toFixed(0)} MB)`,
    );
    console.log("\n| another member's read | p99 quiet (ms) | p99 while building (ms) | ratio | reads |");
    console.log("|---|---|---|---|---|");
    for (const row of rows) console.log(row);
  } finally {
    await db.end();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
} finally {
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
