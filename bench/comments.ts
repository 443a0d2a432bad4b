/**
 * `npm run bench -- comments`: the first page of a tip's comments (what its page asks for), through the
 * API as a visitor's client calls it, on the embedded database (PGlite) and on a real PostgreSQL server.
 * Each database holds BENCH_OTHER_COMMENTS (default 200,000) comments on 400 other tips, a busy tip with
 * BENCH_COMMENTS (default 1,000: threads and their replies) and a quiet tip with 10. The busy and quiet
 * tips are asked for alternately, so the ratio shows how the page scales with a tip's comments (the
 * target: the busy tip's first page under 5 ms). A page deep in the busy tip follows by cursor. The
 * order index is then dropped and the same requests run again, to show what it buys. Each request runs
 * once to warm up, then BENCH_RUNS times; medians are reported. Results: docs/performance.md.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createApp } from "../src/server/app.ts";
import { type Database, openDatabase } from "../src/server/db/client.ts";
import { PublicCache } from "../src/server/lib/cache/public-cache.ts";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";

const BUSY = Number(process.env.BENCH_COMMENTS ?? 1000);
const OTHER = Number(process.env.BENCH_OTHER_COMMENTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const OTHER_TIPS = 400;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * `count` comments on `tip`: three in ten are replies to an earlier thread of the tip, as a lively tip
 * has them. Written as the API writes them (a thread's replies carry the thread's id and start).
 */
const commentsOn = (tip: string, count: number, start: string) => {
  const threads = Math.ceil(count * 0.7);
  return [
    `insert into comments (id, tip_id, author_id, thread_id, thread_at, body, created_at, editable_until)
     select id, tip, author, id, at, body, at, at + interval '30 days' from (
       select gen_random_uuid() as id, ${tip} as tip, 'bench-commenter-' || (g % 2000) as author,
         timestamptz '${start}' + (g || ' minutes')::interval as at,
         'Comment ' || g || ': how deep should the mulch be around young fruit trees in a dry spring?' as body
       from generate_series(1, ${threads}) as g) s`,
    `insert into comments (tip_id, author_id, thread_id, thread_at, body, created_at, editable_until)
     select c.tip_id, 'bench-commenter-' || (r % 2000), c.id, c.thread_at, 'Reply ' || r || ': about 5 cm, after rain.',
       c.created_at + (r || ' seconds')::interval, c.created_at + interval '30 days'
     from (select c.*, row_number() over () as r from (
       select * from comments where tip_id = ${tip} and id = thread_id order by random() limit ${count - threads}
     ) c) c`,
  ];
};

async function fill(database: Database) {
  const run = (text: string) => database.db.execute(sql.raw(text));
  await database.migrate();
  await run(`insert into users (id, name, email, sign_in_disabled)
    select 'bench-commenter-' || a, 'Commenter ' || a, 'commenter' || a || '@example.com', true
    from generate_series(0, 1999) as a`);
  const tip = async (title: string) => {
    const result =
      (await run(`insert into tips (title, plant_type, difficulty, description, category, availability, author_id, name, email)
      values ('${title}', 'Apple', 'Easy', 'A tip with comments.', 'Trees', 'Public', 'bench-commenter-0', 'Commenter 0', 'commenter0@example.com')
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    const id = result.rows[0]?.id;
    if (!id) throw new Error("no tip");
    return id;
  };
  const others = await Promise.all(Array.from({ length: OTHER_TIPS }, (_, n) => tip(`Other tip ${n}`)));
  const busy = await tip("The busy tip");
  const quiet = await tip("The quiet tip");
  // The other tips' comments first, so the busy tip's are spread through a table already large.
  const each = Math.ceil(OTHER / OTHER_TIPS);
  for (const [n, id] of others.entries())
    for (const statement of commentsOn(`'${id}'::uuid`, each, `2025-0${1 + (n % 9)}-01`))
      await run(statement);
  for (const statement of commentsOn(`'${busy}'::uuid`, BUSY, "2026-03-01")) await run(statement);
  for (const statement of commentsOn(`'${quiet}'::uuid`, 10, "2026-03-01")) await run(statement);
  await run("vacuum analyze comments");
  return { busy, quiet };
}

async function measure(label: string, database: Database) {
  console.log(`\n${label}: filling…`);
  const started = performance.now();
  const { busy, quiet } = await fill(database);
  console.log(`…done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const app = createApp({
    db: database.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { RATE_LIMIT: false },
    publicCache: new PublicCache(),
  });
  const get = async (target: string) => {
    const t0 = performance.now();
    const res = await app.request(`http://localhost${target}`);
    const body = (await res.json()) as unknown[];
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
    return {
      ms,
      count: body.length,
      total: res.headers.get("x-total-count"),
      next: res.headers.get("x-next-cursor"),
    };
  };
  // A cursor 10 pages into the busy tip (500 comments in).
  let cursor = "";
  for (let page = 0; page < 10; page++)
    cursor = (await get(`/api/tips/${busy}/comments${cursor ? `?cursor=${cursor}` : ""}`)).next ?? cursor;
  const REQUESTS = [
    ["quiet tip (10), first page", `/api/tips/${quiet}/comments`],
    [`busy tip (${BUSY.toLocaleString("en")}), first page`, `/api/tips/${busy}/comments`],
    ["busy tip, page 11 by cursor", `/api/tips/${busy}/comments?cursor=${cursor}`],
  ] as const;

  const round = async () => {
    const times = REQUESTS.map(() => [] as number[]);
    const seen = REQUESTS.map(() => "");
    for (let i = 0; i <= RUNS; i++) {
      // Each round asks in another order, so none is always first after the others warmed the cache.
      const order = REQUESTS.map((_, n) => (n + i) % REQUESTS.length);
      for (const n of order) {
        const once = await get(REQUESTS[n]?.[1] ?? "");
        seen[n] = `${once.count} of ${once.total}`;
        if (i > 0) times[n]?.push(once.ms);
      }
    }
    return REQUESTS.map((_, n) => ({ ms: median(times[n] ?? []), seen: seen[n] }));
  };
  const indexed = await round();
  await database.db.execute(sql.raw("drop index comments_tip_order_idx"));
  await database.db.execute(sql.raw("analyze comments"));
  const unindexed = await round();
  const quietMs = indexed[0]?.ms ?? 1;
  console.log(
    `| request (median of ${RUNS}) | answered | time | vs the quiet tip | without the order index |`,
  );
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const [n, [name]] of REQUESTS.entries()) {
    const ms = indexed[n]?.ms ?? 0;
    const without = unindexed[n]?.ms ?? 0;
    console.log(
      `| ${name} | ${indexed[n]?.seen} | ${ms.toFixed(2)} ms | ${(ms / quietMs).toFixed(2)}x | ${without.toFixed(2)} ms (${(without / ms).toFixed(1)}x) |`,
    );
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-comments-"));
const embedded = await openDatabase({ dataDir });
try {
  await measure("Embedded PGlite", embedded);
} finally {
  await embedded.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const cluster = await startThrowawayCluster();
try {
  const server = await openDatabase({ databaseUrl: cluster.url });
  try {
    await measure("PostgreSQL 15", server);
  } finally {
    await server.close();
  }
} finally {
  await cluster.stop();
}
