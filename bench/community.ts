/**
 * `npm run bench -- community`: the pages whose work grows with the community, at a large community's size
 * and at a hundredth of it, through the API as the web app asks, with the cache of public answers emptied
 * before every request (what is measured is the database's work). The large community holds 100,000
 * members, 1,000,000 tips, 1,000,000 comments and 10,000 open moderation cases (BENCH_SCALE multiplies
 * these: 0.05 for a quick look); the small one 1,000 members, 10,000 tips, 10,000 comments and 100 cases.
 * In both, one prolific member wrote 1% of the tips, and one tip has 200 comments. Each has its own app; the
 * same requests go to both, alternately (which goes first alternates too), so the ratio shows how each
 * page scales (the target: within 1.5x). Once on the embedded PGlite and once on a throwaway PostgreSQL
 * cluster; BENCH_DRIVERS=pglite or postgres for one. Each request runs once to warm up, then BENCH_RUNS
 * times; medians are reported. Afterwards Total Gardeners is checked against a count of the rows.
 * Results: docs/performance.md.
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
import { createMemoryMailer } from "../src/server/mail/mailer.ts";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const DRIVERS = (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(",");
const PASSWORD = "Sunflower7";
/** Comments on the tip whose comments are asked for, in both communities. */
const BUSY_TIP_COMMENTS = 200;

interface Size {
  members: number;
  tips: number;
  comments: number;
  cases: number;
}
const LARGE: Size = {
  members: Math.round(100_000 * SCALE),
  tips: Math.round(1_000_000 * SCALE),
  comments: Math.round(1_000_000 * SCALE),
  cases: Math.round(10_000 * SCALE),
};
const SMALL: Size = { members: 1_000, tips: 10_000, comments: 10_000, cases: 100 };
const sizeOf = (size: Size) =>
  `${size.members.toLocaleString("en")} members, ${size.tips.toLocaleString("en")} tips, ${size.comments.toLocaleString("en")} comments, ${size.cases.toLocaleString("en")} open cases`;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

type App = ReturnType<typeof createApp>;

/** A client of the in-process app keeping its cookies, as a browser would. */
function browser(app: App) {
  let cookie = "";
  return {
    async send(method: string, target: string, body?: unknown) {
      const res = await app.request(`http://localhost${target}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json", Origin: "http://localhost" }),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
      if (set.length > 0) cookie = set.join("; ");
      return res;
    },
  };
}

/** A member signed up through the API and signed in again once the bench has given them their role. */
async function member(
  database: Database,
  app: App,
  name: string,
  email: string,
  role: "member" | "administrator",
) {
  const client = browser(app);
  const signUp = await client.send("POST", "/api/auth/sign-up/email", { name, email, password: PASSWORD });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  await database.db.execute(
    sql`update users set role = ${role}, email_verified = true, created_at = now() - interval '1 year' where id = ${user.id}`,
  );
  const signIn = await client.send("POST", "/api/auth/sign-in/email", { email, password: PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const [row] = (
    (await database.db.execute(sql`select handle from users where id = ${user.id}`)) as unknown as {
      rows: Array<{ handle: string }>;
    }
  ).rows;
  return { id: user.id, email, handle: row?.handle ?? "", client };
}

/**
 * The community's rows, made by the database itself. Members share tips over the last two years (so some
 * are active and some not); one in ten tips is hidden; one in twenty members is not listed. Each case is
 * about a tip, reported by one to three members.
 */
async function fill(database: Database, size: Size, prolificId: string) {
  const run = (text: string) => database.db.execute(sql.raw(text));
  const { members, tips, comments, cases } = size;
  await run(`insert into users (id, name, email, email_verified, handle, listed, created_at)
    select 'm-' || g,
      (array['Ana','Ben','Chloe','Dev','Eva','Finn','Gita','Hugo','Ines','Jon'])[1 + g % 10] || ' ' ||
        (array['Moss','Reed','Thorn','Vale','Birch','Fern','Oak','Rowan'])[1 + (g / 10) % 8] || ' ' || g,
      'member' || g || '@example.com', true, 'member_' || g, g % 20 <> 0,
      timestamptz '2024-01-01' + (g || ' minutes')::interval
    from generate_series(1, ${members}) as g`);
  await run(`insert into tips (title, plant_type, difficulty, description, category, availability, author_id, name, email, total_liked, created_at)
    select
      (array['Grow','Prune','Water','Feed','Protect','Harvest','Divide','Mulch'])[1 + g % 8] || ' ' ||
        (array['tomatoes','basil','roses','apple trees','lettuce','peppers','compost','strawberries','bees'])[1 + (g / 8) % 9] ||
        ' the easy way ' || g,
      (array['Tomato','Basil','Rose','Apple','Lettuce','Pepper','All plants','Strawberry'])[1 + g % 8],
      (array['Easy','Medium','Hard'])[1 + g % 3]::difficulty,
      'Community tip number ' || g || ' with enough words to look like a real description.',
      (array['Composting','Plant Care','Vegetables','Flowers','Herbs','Trees','Pest Control','Seasonal Care'])[1 + g % 8],
      (case when g % 10 = 0 then 'Hidden' else 'Public' end)::availability,
      author, 'Member', 'member@example.com',
      ((g::bigint * 7919) % 500)::int,
      now() - ((g::bigint * 104729 % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval
    from (select g, case when g % 100 = 1 then '${prolificId}' else 'm-' || (1 + (g::bigint * 7919) % ${members}) end as author
      from generate_series(1, ${tips}) as g) s`);
  // Every comment a thread of its own on a public tip, spread over the tips by number.
  await run(`insert into comments (id, tip_id, author_id, thread_id, thread_at, body, created_at, editable_until)
    select id, tip, author, id, at, body, at, at + interval '30 days' from (
      select gen_random_uuid() as id, t.id as tip, 'm-' || (1 + (c.g::bigint * 31) % ${members}) as author,
        t.created_at + (c.g % 1000 || ' minutes')::interval as at,
        'Comment ' || c.g || ': how deep should the mulch be around young fruit trees in a dry spring?' as body
      from generate_series(1, ${comments}) as c(g)
      join (select id, created_at, row_number() over (order by created_at) as n from tips where availability = 'Public') t
        on t.n = 1 + (c.g::bigint * 7) % ${Math.floor(tips * 0.9)}) s`);
  const [busy] = (
    (await run(
      `select id from tips where availability = 'Public' and author_id <> '${prolificId}' order by created_at desc limit 1`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  if (!busy) throw new Error("no tip for the comments");
  await run(`insert into comments (id, tip_id, author_id, thread_id, thread_at, body, created_at, editable_until)
    select id, '${busy.id}', 'm-' || (1 + g % ${members}), id, at, 'Busy comment ' || g, at, at + interval '30 days'
    from (select gen_random_uuid() as id, g, now() - (g || ' minutes')::interval as at
      from generate_series(1, ${BUSY_TIP_COMMENTS}) as g) s`);
  await run(`insert into moderation_cases (target_type, target_id, author_id, opened_at)
    select 'tip', id::text, author_id, created_at from (
      select id, author_id, created_at from tips where availability = 'Public' and author_id <> '${prolificId}'
      order by id limit ${cases}) t`);
  await run(`insert into reports (target_type, target_id, author_id, reporter_id, reason, weight, case_id, created_at, item_label)
    select c.target_type, c.target_id, c.author_id, 'm-' || (1 + (hashtext(c.id::text || r)::bigint & 65535) % ${members}),
      'spam', r % 3, c.id, c.opened_at + (r || ' hours')::interval, 'A reported tip'
    from moderation_cases c, generate_series(1, 3) as r
    where r <= 1 + abs(hashtext(c.id::text)) % 3
    on conflict do nothing`);
  await run("vacuum analyze");
  return busy.id;
}

async function prepare(database: Database, size: Size) {
  await database.migrate();
  const publicCache = new PublicCache();
  const app = createApp({
    db: database.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost", RATE_LIMIT: false },
    mailer: createMemoryMailer(),
    publicCache,
  });
  const prolific = await member(database, app, "Pat Prolific", "pat@example.com", "member");
  const moderator = await member(database, app, "Mo Derator", "mo@example.com", "administrator");
  const started = performance.now();
  const busyTip = await fill(database, size, prolific.id);
  console.log(`  ${sizeOf(size)}: filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { database, app, publicCache, prolific, moderator, busyTip };
}
type Community = Awaited<ReturnType<typeof prepare>>;

/** What each page asks for, as the web app asks for it; `as` says who asks. */
function requestsOf(community: Community) {
  const { prolific, busyTip } = community;
  const myTips = new URLSearchParams({ limit: "20", offset: "0", email: prolific.email });
  return [
    ["Explore Gardeners, page 1", "visitor", "/api/gardeners?limit=20&offset=0"],
    ["Explore Gardeners, page 40", "visitor", "/api/gardeners?limit=20&offset=780"],
    ["home: featured active gardeners", "visitor", "/api/gardeners?status=active&limit=6"],
    ["a gardener page (1% of the tips)", "visitor", `/api/gardeners/${prolific.handle}`],
    ["its tips, page 1", "visitor", `/api/gardeners/${prolific.handle}/tips?limit=9&offset=0`],
    ["a gardener page (a member)", "visitor", "/api/gardeners/member_42"],
    [`a tip's comments (${BUSY_TIP_COMMENTS})`, "visitor", `/api/tips/${busyTip}/comments`],
    ["My Tips (the prolific member)", "member", `/api/tips?${myTips}`],
    ["dashboard figures (Total Gardeners)", "member", "/api/dashboard/stats"],
    ["moderation queue (100)", "moderator", "/api/moderation/queue?limit=100"],
    ["moderation queue count", "moderator", "/api/moderation/queue/count"],
  ] as const;
}

async function timeOnce(community: Community, as: string, target: string) {
  const client =
    as === "member"
      ? community.prolific.client
      : as === "moderator"
        ? community.moderator.client
        : browser(community.app);
  // The public cache emptied: each answer is made by the database.
  community.publicCache.invalidate();
  const t0 = performance.now();
  const res = await client.send("GET", target);
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${target} answered ${res.status}: ${body.slice(0, 200)}`);
  return { ms, total: res.headers.get("x-total-count") ?? "" };
}

async function compare(label: string, open: (name: string) => Promise<Database>) {
  console.log(`\n${label}: filling…`);
  const small = await prepare(await open("small"), SMALL);
  const large = await prepare(await open("large"), LARGE);
  try {
    console.log(`\n${label}, median of ${RUNS}, the public cache emptied before each request:`);
    console.log(`| page's request | ${sizeOf(SMALL)} | ${sizeOf(LARGE)} | ratio |`);
    console.log("| --- | ---: | ---: | ---: |");
    const smallRequests = requestsOf(small);
    const largeRequests = requestsOf(large);
    for (const [n, [name, as, target]] of smallRequests.entries()) {
      const largeTarget = largeRequests[n]?.[2] ?? target;
      const times = { small: [] as number[], large: [] as number[] };
      const totals = { small: "", large: "" };
      for (let i = 0; i <= RUNS; i++) {
        const order = i % 2 === 0 ? (["small", "large"] as const) : (["large", "small"] as const);
        for (const which of order) {
          const once = await timeOnce(
            which === "small" ? small : large,
            as,
            which === "small" ? target : largeTarget,
          );
          totals[which] = once.total;
          if (i > 0) times[which].push(once.ms);
        }
      }
      const [before, after] = [median(times.small), median(times.large)];
      const total = (t: string) => (t ? ` (${Number(t).toLocaleString("en")})` : "");
      console.log(
        `| ${name} | ${before.toFixed(1)} ms${total(totals.small)} | ${after.toFixed(1)} ms${total(totals.large)} | ${(after / before).toFixed(2)}x |`,
      );
    }
    // Total Gardeners as the dashboard shows it, against the rows counted.
    const shown = (await (await large.prolific.client.send("GET", "/api/dashboard/stats")).json()) as {
      totalGardeners: number;
    };
    const counted = (
      (await large.database.db.execute(sql`
        select (select count(*) from gardeners)::int + (select count(*) from users u
          where u.listed and not u.sign_in_disabled and u.page_hold is null and not u.held
          and exists (select 1 from tips t where t.author_id = u.id and t.availability = 'Public' and t.shown)
        )::int as n`)) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]?.n;
    console.log(
      `\nTotal Gardeners shown ${shown.totalGardeners.toLocaleString("en")}, counted from the rows ${Number(counted).toLocaleString("en")}: ${shown.totalGardeners === counted ? "exact" : "WRONG"}`,
    );
  } finally {
    await small.database.close();
    await large.database.close();
  }
}

if (DRIVERS.includes("pglite")) {
  const folders: string[] = [];
  try {
    await compare("Embedded PGlite", async (name) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `bench-community-${name}-`));
      folders.push(dataDir);
      return openDatabase({ dataDir });
    });
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

if (DRIVERS.includes("postgres")) {
  const cluster = await startThrowawayCluster();
  try {
    const { default: pg } = await import("pg");
    await compare("PostgreSQL 15", async (name) => {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`create database community_${name}`);
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = `/community_${name}`;
      return openDatabase({ databaseUrl: url.toString() });
    });
  } finally {
    await cluster.stop();
  }
}
