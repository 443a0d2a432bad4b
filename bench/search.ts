/**
 * `npm run bench -- search`: how public tip listing and text search scale, on a real PostgreSQL server,
 * through the API as a client calls it, with the cache of public answers emptied before every request
 * (what is measured is the database's work). Two databases on one server, one with 1,000 tips and one
 * with BENCH_TIPS (default 1,000,000), each behind its own app; the same requests go to both, alternately
 * (which goes first alternates too), so both sizes are measured under the same conditions and the ratio
 * shows how each request scales (the targets: page 1 of Browse and of a selective search within 1.5x; a
 * broad search under 20 ms). Each query runs once to warm up, then BENCH_RUNS times; the median is reported.
 * The trigram index is then dropped and the search queries run again, so the ratio shows what the index
 * buys. Results: docs/performance.md.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { PublicCache } from "../src/server/lib/cache/public-cache.ts";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";

const TIPS = Number(process.env.BENCH_TIPS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const QUERIES = [
  ["newest public, first page", "/api/tips?availability=Public"],
  ["trending (likes), limit 6", "/api/tips?availability=Public&sort=likes&limit=6"],
  ["filter difficulty=Hard", "/api/tips?difficulty=Hard"],
  ["search q=compost (common word)", "/api/tips?q=compost"],
  ["search q=kohlrabi (rare word)", "/api/tips?q=kohlrabi"],
  ["search q=bees + Hard", "/api/tips?q=bees&difficulty=Hard"],
  ["deep page by cursor", "CURSOR"],
] as const;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const cluster = await startThrowawayCluster();
const admin = new pg.Client({ connectionString: cluster.url });
await admin.connect();
await admin.query("create database bench");
await admin.query("create database bench_small");
await admin.end();
const databaseUrl = (name: string) => {
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
};
const database = await openDatabase({ databaseUrl: databaseUrl("bench") });
const smallDatabase = await openDatabase({ databaseUrl: databaseUrl("bench_small") });

/** Tips numbered `from` to `to`, as the generator has always made them (same words, same spread). */
const insertTips = (from: number, to: number) => `
  insert into tips (title, plant_type, difficulty, description, images, category, availability, author_id, name, email, total_liked, created_at)
  select
    (array['Grow','Prune','Water','Feed','Protect','Harvest','Divide','Mulch'])[1 + g % 8] || ' ' ||
    (case when g % 10000 = 7 then 'kohlrabi'
      else (array['tomatoes','basil','roses','apple trees','lettuce','peppers','compost','strawberries','bees'])[1 + (g / 8) % 9] end) ||
    ' the easy way ' || g,
    (array['Tomato','Basil','Rose','Apple','Lettuce','Pepper','All plants','Strawberry'])[1 + g % 8],
    (array['Easy','Medium','Hard'])[1 + g % 3]::difficulty,
    'Benchmark tip number ' || g || ' with enough words to look like a real description.',
    null,
    (array['Composting','Plant Care','Vegetables','Flowers','Herbs','Trees','Pest Control','Seasonal Care'])[1 + g % 8],
    (case when g % 10 = 0 then 'Hidden' else 'Public' end)::availability,
    'bench-author-' || (g % 5000),
    'Gardener ' || (g % 5000),
    'gardener' || (g % 5000) || '@example.com',
    ((g::bigint * 7919) % 500)::int,
    timestamptz '2025-01-01' + (g || ' seconds')::interval
  from generate_series(${from}, ${to}) as g
`;

/** What a visitor's browser asks for, compared at 1,000 tips and at BENCH_TIPS. */
const SCALING = [
  ["Browse, page 1", "/api/tips?availability=Public&limit=10"],
  ["Browse, level Easy, page 1", "/api/tips?availability=Public&difficulty=Easy&limit=10"],
  ["selective search q=kohlrabi", "/api/tips?availability=Public&q=kohlrabi&limit=10"],
  ["broad search q=compost", "/api/tips?availability=Public&q=compost&limit=10"],
] as const;

try {
  /** A database with its tables, its 5,000 authors (a tip belongs to an account) and an app. */
  async function prepare(db: typeof database, url: string) {
    await db.migrate();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`
      insert into users (id, name, email, sign_in_disabled)
      select 'bench-author-' || a, 'Gardener ' || a, 'gardener' || a || '@example.com', true
      from generate_series(0, 4999) as a
    `);
    const publicCache = new PublicCache();
    const app = createApp({
      db: db.db,
      authSecret: randomBytes(32).toString("hex"),
      config: { RATE_LIMIT: false },
      publicCache,
    });
    return { client, app, publicCache };
  }
  const large = await prepare(database, databaseUrl("bench"));
  const small = await prepare(smallDatabase, databaseUrl("bench_small"));
  const { client, app } = large;

  /** One request answered from the database (the cache emptied first): its time and X-Total-Count. */
  async function timeOnce(target: { app: typeof app; publicCache: PublicCache }, path: string) {
    target.publicCache.invalidate();
    const t0 = performance.now();
    const res = await target.app.request(`http://localhost${path}`);
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const total = `${res.headers.get("x-total-count") ?? ""}${res.headers.get("x-total-count-exact") === "false" ? "+" : ""}`;
    return { ms, total };
  }

  /** The median time of a request answered from the database (the cache is emptied before each). */
  async function timeRequest(target: string) {
    const timings: number[] = [];
    let total = "";
    for (let i = 0; i <= RUNS; i++) {
      const once = await timeOnce(large, target);
      total = once.total;
      if (i > 0) timings.push(once.ms);
    }
    return { ms: median(timings), total };
  }

  await small.client.query(insertTips(1, 1000));
  await small.client.query("vacuum analyze tips");
  console.log(`Inserting ${TIPS.toLocaleString("en")} tips…`);
  const started = performance.now();
  await client.query(insertTips(1, TIPS));
  await client.query("vacuum analyze tips");
  console.log(`…done in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  console.log(
    `\nThe same requests at 1,000 and at ${TIPS.toLocaleString("en")} tips, alternately (median of ${RUNS} each):`,
  );
  console.log(`| request | 1,000 tips | total | ${TIPS.toLocaleString("en")} tips | total | ratio |`);
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [label, path] of SCALING) {
    const times = { small: [] as number[], large: [] as number[] };
    const totals = { small: "", large: "" };
    for (let i = 0; i <= RUNS; i++) {
      const order = i % 2 === 0 ? (["small", "large"] as const) : (["large", "small"] as const);
      for (const size of order) {
        const once = await timeOnce(size === "small" ? small : large, path);
        totals[size] = once.total;
        if (i > 0) times[size].push(once.ms);
      }
    }
    const before = median(times.small);
    const after = median(times.large);
    console.log(
      `| ${label} | ${before.toFixed(1)} ms | ${totals.small} | ${after.toFixed(1)} ms | ${totals.large} | ${(after / before).toFixed(2)}x |`,
    );
  }
  await small.client.end();

  // A cursor 5,100 tips deep, for the deep page.
  let cursor = "";
  for (let i = 0; i < 51; i++) {
    const res = await app.request(`http://localhost/api/tips?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
    cursor = res.headers.get("x-next-cursor") ?? cursor;
  }
  const measure = (path: string) =>
    timeRequest(path === "CURSOR" ? `/api/tips?limit=20&cursor=${cursor}` : path);

  const withIndex: Record<string, number> = {};
  console.log(`\nMedian of ${RUNS} runs, ${TIPS.toLocaleString("en")} tips, with every index:`);
  for (const [label, path] of QUERIES) {
    const { ms, total } = await measure(path);
    withIndex[label] = ms;
    console.log(`  ${label.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms   (${total} matching)`);
  }

  // What X-Total-Count cost before the counts were kept (migration 0005): counting the matching tips.
  async function measureSql(text: string) {
    const timings: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      await client.query(text);
      if (i > 0) timings.push(performance.now() - t0);
    }
    return median(timings);
  }
  console.log(
    "\nThe total alone, by counting the tips (as before the kept counts), against the whole request now:",
  );
  for (const [label, where] of [
    ["newest public, first page", "availability = 'Public'"],
    ["trending (likes), limit 6", "availability = 'Public'"],
    ["filter difficulty=Hard", "availability = 'Public' and difficulty = 'Hard'"],
  ] as const) {
    const ms = await measureSql(`select count(*) from tips where ${where}`);
    const ratio = ms / (withIndex[label] ?? ms);
    console.log(
      `  ${label.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms   (${ratio.toFixed(1)}x the whole request with kept counts)`,
    );
  }

  await client.query("drop index tips_search_trgm_idx");
  await client.query("analyze tips");
  console.log("\nWithout the trigram index (search queries only):");
  for (const [label, path] of QUERIES.filter(([label]) => label.startsWith("search"))) {
    const { ms } = await measure(path);
    const ratio = ms / (withIndex[label] ?? ms);
    console.log(
      `  ${label.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms   (${ratio.toFixed(1)}x slower than with the index)`,
    );
  }
  await client.end();
} finally {
  await database.close();
  await smallDatabase.close();
  await cluster.stop();
}
