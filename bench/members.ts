/**
 * `npm run bench -- members`: what one signed-in member's requests cost at 50 connections, on the production
 * build, each measured beside a bare node:http server in its own process answering the same bytes with the
 * same headers, in the same run. The reads a member makes on every page or screen: the session, a public
 * tip's details, their own My Tips list (as the My Tips screen asks for it, with one tip of their own in
 * it), the dashboard figures, a gardener's page and its tips, and a tip's comments; and two writes: a like
 * on a tip they already like, and sharing a tip (each request shares one more). Once on the embedded PGlite and once on a throwaway PostgreSQL cluster, both
 * filled with the demo data; BENCH_DRIVERS=pglite or postgres for one.
 *
 * Every request carries the member's cookie, to the bare server too, so both are sent the same request.
 * The bare server matches the URL only: for the writes it repeats the answer the real server gave once, so
 * its figure is the ceiling of answering those bytes, not of doing the write.
 *
 * Then writes under contention: 50 members at once (each confirmed their e-mail by its link), each
 * sharing a tip, commenting on one of ten popular tips, liking it and unliking it, over and over (a closed
 * loop: each member's next write when the last is answered), through the server; beside the same writes
 * made straight to the database by 50 connections with the same code (tips.service: createTip;
 * comments.service: addComment; tip-likes: setLike), without HTTP, sessions, limits or caches. On PGlite, which one process holds, the straight
 * writes run in this process once the server has stopped, on its data folder.
 * Afterwards the kept counts (each tip's likes, tips per category) are checked against the rows.
 *
 * The targets: the reads at least 0.2x of the bare server with a p99 of at most 25 ms (a signed-in answer
 * is made for one member and cannot be cached for everyone, as the public reads are), the writes a p99 of
 * at most 100 ms, and under contention also at least 0.7x of the straight writes' rate. Missing them is a
 * result, not a failure: the exit code is 0 unless the run itself fails.
 *
 * BENCH_SECONDS (default 5) per measurement; each pair is measured twice, alternating (ours, bare, ours,
 * bare), and the figures are the means of the two.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, openDatabase } from "../src/server/db/client.ts";
import * as schema from "../src/server/db/schema.ts";
import { addComment } from "../src/server/modules/comments/comments.service.ts";
import { setLike } from "../src/server/modules/tips/tip-likes.ts";
import { insertTip } from "../src/server/modules/tips/tips.service.ts";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";
import { freePort } from "../src/server/test/server-process.ts";
import type { TipInputParsed } from "../src/shared/schemas/tip.ts";
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
import { closedLoop, type LoopResult } from "./closed-loop.ts";
import { ensureBuilt, startServer } from "./support.ts";

const PASSWORD = "Sunflower7";
const READ_MIN_RATIO = 0.2;
const READ_MAX_P99_MS = 25;
const WRITE_MAX_P99_MS = 100;
const WRITE_MIN_RATIO = 0.7;
/** Which parts to measure: BENCH_MEMBERS=reads or writes for one (the default: both). */
const PARTS = (process.env.BENCH_MEMBERS ?? "reads,writes").split(",");
/** Members writing at once, and the popular tips they like and unlike. */
const WRITERS = 50;
const LIKED_TIPS = 10;
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
const tipBody = (title: string) => JSON.stringify(tipInput(title));
/** What a writer says under a popular tip: new each time, as a repeat within minutes is refused. */
const commentText = (title: string) => `Thank you, this helped. (${title})`;
const commentBody = (title: string) => JSON.stringify({ body: commentText(title) });
/** Each writer's sequence of writes, repeated. */
const WRITE_KINDS = ["share", "comment", "like", "unlike"] as const;
const tipInput = (title: string) =>
  ({
    title,
    plantType: "Tomato",
    difficulty: "Easy",
    description: "Water at the base in the morning, so the leaves stay dry and blight has less to go on.",
    images: null,
    category: "Vegetables",
    availability: "Public",
  }) satisfies TipInputParsed;

/** How the benchmark writes straight to the database under the server. */
interface DirectAccess {
  /** Whether the server must stop first (PGlite: one process holds its data folder). */
  exclusive: boolean;
  open(): Promise<{ db: Db; close(): Promise<void> }>;
}

interface Member {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

async function signUp(base: string, name: string, email: string): Promise<Member> {
  const response = await expectStatus(
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ name, email, password: PASSWORD }),
    }),
    [200],
    "sign-up",
  );
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, name, email, cookie };
}

/**
 * Confirms each member's e-mail by the link the site sent them, as they would: an account whose e-mail
 * is not confirmed may have only two public tips, and 50 members sharing are members who confirmed. With
 * no SMTP server set, the server writes its mail to DATA_DIR/outbox; the bench reads the links there and
 * follows each with its member's cookie.
 */
async function confirmEmails(dataDir: string, members: Member[]) {
  const outbox = path.join(dataDir, "outbox");
  const cookies = new Map(members.map((member) => [member.email.toLowerCase(), member.cookie]));
  const waiting = new Set(cookies.keys());
  const read = new Set<string>();
  const deadline = Date.now() + 60_000;
  while (waiting.size > 0) {
    if (Date.now() > deadline)
      throw new Error(`no verification e-mail reached ${[...waiting].slice(0, 3).join(", ")}`);
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      if (read.has(file)) continue;
      // Quoted-printable: soft line breaks joined, "=" restored; enough for a link's characters.
      const text = readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/gi, "=");
      const to = /^To: (?:.*<)?([^<>\s]+@[^<>\s]+)>?$/m.exec(text)?.[1]?.toLowerCase();
      const link = /https?:\/\/[^\s"<>]*verify-email[^\s"<>]*/.exec(text)?.[0];
      // A file still being written has no link yet: it is read again on the next pass.
      if (!to || !link) continue;
      read.add(file);
      if (!waiting.has(to)) continue;
      // Followed signed in, as the site asks: a link alone verifies nothing.
      const res = await fetch(link.replaceAll("&amp;", "&"), {
        redirect: "manual",
        headers: { Cookie: cookies.get(to) ?? "" },
      });
      const landed = res.headers.get("location") ?? "";
      if (res.status >= 400 || /[?&](error|verify)=/.test(landed))
        throw new Error(`the verification link for ${to} answered ${res.status} ${landed}`);
      waiting.delete(to);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The liked tips whose kept count is not what it was before plus the writers' likes now on it (the demo
 * data's counts have no rows behind them), and kept category counts that differ from the tips.
 */
async function countsOff(
  db: Db,
  before: Array<{ id: string; totalLiked: number }>,
  writers: string[],
): Promise<{ likes: number; categories: number }> {
  const likes = await db.execute(sql`
    select count(*)::int as off
    from jsonb_to_recordset(${JSON.stringify(before)}::jsonb) as before(id uuid, "totalLiked" int)
    join tips on tips.id = before.id
    where tips.total_liked <> before."totalLiked" + (
      select count(*) from tip_likes
      where tip_likes.tip_id = tips.id and tip_likes.user_id in (select jsonb_array_elements_text(${JSON.stringify(writers)}::jsonb))
    )`);
  const categories = await db.execute(sql`
    select count(*)::int as off from (
      select availability, difficulty, category, count(*)::int as total from tips
      group by availability, difficulty, category
    ) actual
    full join tip_counts kept using (availability, difficulty, category)
    where coalesce(actual.total, 0) <> coalesce(kept.total, 0)`);
  const off = (result: unknown) => (result as { rows: Array<{ off: number }> }).rows[0]?.off ?? -1;
  return { likes: off(likes), categories: off(categories) };
}

/**
 * 50 members sharing, commenting, liking and unliking at once, through the server and straight to the
 * database, as the module's comment says. Each member's writes follow one sequence across every round
 * (share, comment, like, unlike, share, ...), so each like and unlike really changes a row, and each
 * comment is new (a repeat within minutes is refused). Stops the server when `direct` is
 * exclusive. Answers the table's row, whether it meets the targets, and the counts check.
 */
async function writesUnderContention(
  base: string,
  dataDir: string,
  direct: DirectAccess,
  stopServer: () => Promise<void>,
): Promise<{ row: string; meets: boolean; counts: string }> {
  const stamp = Date.now();
  const members: Member[] = [];
  for (let index = 0; index < WRITERS; index++)
    members.push(await signUp(base, `Writer ${index + 1}`, `writer.${index}.${stamp}@example.com`));
  await confirmEmails(dataDir, members);
  const popular = (await (
    await fetch(`${base}/api/tips?availability=Public&sort=likes&limit=${LIKED_TIPS}`)
  ).json()) as Array<{ _id: string }>;
  if (popular.length < LIKED_TIPS) throw new Error("the demo data has too few public tips");
  // Their counts before: none of the new members likes them yet.
  const before = await Promise.all(
    popular.map(async ({ _id }) => {
      const tip = (await (await fetch(`${base}/api/tips/${_id}`)).json()) as { totalLiked: number };
      return { id: _id, totalLiked: tip.totalLiked };
    }),
  );
  const steps = members.map(() => 0);
  /** The next write of `writer`'s sequence: which it is, and on which tip. */
  const next = (writer: number) => {
    const step = steps[writer] ?? 0;
    steps[writer] = step + 1;
    const kind = WRITE_KINDS[step % WRITE_KINDS.length] as (typeof WRITE_KINDS)[number];
    const tipId = popular[writer % LIKED_TIPS]?._id ?? "";
    return { kind, tipId, title: `Tip ${step} of writer ${writer + 1}` };
  };
  // The members' requests go through node:http on kept-alive connections, one per member, as autocannon
  // sends the reads: the load generator shares the machine's two cores with the server, and fetch's
  // streams cost it several times more per request, all taken from the server's side of the comparison.
  const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
  const viaServer = async (writer: number) => {
    const member = members[writer] as Member;
    const { kind, tipId, title } = next(writer);
    const headers: Record<string, string> = { Cookie: member.cookie, Origin: base };
    const json = { ...headers, "Content-Type": "application/json" };
    const status =
      kind === "share"
        ? await send(agent, `${base}/api/tips`, "POST", json, tipBody(title))
        : kind === "comment"
          ? await send(agent, `${base}/api/tips/${tipId}/comments`, "POST", json, commentBody(title))
          : await send(agent, `${base}/api/tips/${tipId}/like`, kind === "like" ? "POST" : "DELETE", headers);
    const expected = kind === "share" || kind === "comment" ? 201 : 200;
    if (status !== expected) throw new Error(`${kind} answered ${status}`);
    return kind;
  };
  const straight = (db: Db) => async (writer: number) => {
    const member = members[writer] as Member;
    const { kind, tipId, title } = next(writer);
    if (kind === "share") await insertTip(db, { ...tipInput(title), photoHash: null }, member);
    else if (kind === "comment")
      await addComment(db, {
        tipId,
        authorId: member.id,
        body: commentText(title),
        accountCreatedAt: undefined,
      });
    else await setLike(db, tipId, member.id, kind === "like", { alone: true });
    return kind;
  };

  const ours: LoopResult[] = [];
  const theirs: LoopResult[] = [];
  let counts = "";
  const measureStraight = async () => {
    const opened = await direct.open();
    try {
      if (theirs.length === 0) await closedLoop(WRITERS, 1, straight(opened.db));
      theirs.push(await closedLoop(WRITERS, SECONDS, straight(opened.db)));
      const off = await countsOff(
        opened.db,
        before,
        members.map((member) => member.id),
      );
      counts =
        off.likes === 0 && off.categories === 0
          ? "every kept count matches its rows"
          : `kept counts off: ${off.likes} tips' likes, ${off.categories} category counts`;
    } finally {
      await opened.close();
    }
  };
  // Each side is first run for a second unmeasured: the members' first requests find no kept session,
  // and code not yet compiled is slower on both sides alike.
  await closedLoop(WRITERS, 1, viaServer);
  if (direct.exclusive) {
    for (let round = 0; round < 2; round++) ours.push(await closedLoop(WRITERS, SECONDS, viaServer));
    await stopServer();
    for (let round = 0; round < 2; round++) await measureStraight();
  } else {
    for (let round = 0; round < 2; round++) {
      ours.push(await closedLoop(WRITERS, SECONDS, viaServer));
      await measureStraight();
    }
  }
  agent.destroy();
  const a = meanLoop(ours);
  const b = meanLoop(theirs);
  const ratio = a.operationsPerSecond / b.operationsPerSecond;
  const errors = [...ours, ...theirs].flatMap((result) => result.firstErrors).slice(0, 3);
  const kinds = (result: LoopResult) =>
    Object.entries(result.p99ByKind)
      .map(([kind, p99]) => `${kind} ${p99.toFixed(1)} ms`)
      .join(", ");
  console.log(`  p99 by kind: ours ${kinds(a)}; straight ${kinds(b)}`);
  if (errors.length > 0) console.log(`  errors: ${errors.join("; ")}`);
  return {
    row: `| ${WRITERS} members sharing, commenting, liking, unliking | ${a.operationsPerSecond.toFixed(0)} | ${b.operationsPerSecond.toFixed(0)} (straight) | ${ratio.toFixed(2)}x | ${a.p99.toFixed(1)} ms | ${b.p99.toFixed(1)} ms | ${a.errors + b.errors} |`,
    meets: ratio >= WRITE_MIN_RATIO && a.p99 <= WRITE_MAX_P99_MS,
    counts,
  };
}

function meanLoop(values: LoopResult[]): LoopResult {
  const sum = (pick: (m: LoopResult) => number) => values.reduce((total, m) => total + pick(m), 0);
  return {
    operationsPerSecond: sum((m) => m.operationsPerSecond) / values.length,
    p99: sum((m) => m.p99) / values.length,
    errors: sum((m) => m.errors),
    firstErrors: values.flatMap((m) => m.firstErrors),
    p99ByKind: Object.fromEntries(
      Object.keys(values[0]?.p99ByKind ?? {}).map((kind) => [
        kind,
        sum((m) => m.p99ByKind[kind] ?? 0) / values.length,
      ]),
    ),
  };
}

/** One request on `agent`'s kept-alive connections; resolves with the status once the answer is read. */
function send(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method,
        headers: body === undefined ? headers : { ...headers, "Content-Length": Buffer.byteLength(body) },
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function expectStatus(response: Response, statuses: number[], what: string) {
  if (!statuses.includes(response.status))
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function benchmark(label: string, env: Record<string, string>, direct: DirectAccess) {
  const port = await freePort();
  const server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const rows: string[] = [];
  let met = 0;
  const workDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-"));
  let bare: ChildProcess | null = null;
  try {
    const email = `member.${Date.now()}@example.com`;
    const { cookie } = await signUp(base, "Bench Member", email);
    // Confirmed, as a member who shares more than two public tips has to be.
    await confirmEmails(env.DATA_DIR ?? "", [{ id: "", name: "Bench Member", email, cookie }]);
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
    // The member's own tip, so My Tips and their gardener page list one, the like that the measured like
    // repeats, and a comment for the tip's comments to hold.
    const shared = await expectStatus(
      await fetch(`${base}/api/tips`, writing(tipBody("My first tomato tip"))),
      [201],
      "sharing the member's tip",
    );
    const { authorHandle: handle } = (await shared.json()) as { authorHandle: string };
    await expectStatus(await fetch(`${base}/api/tips/${tipId}/like`, writing()), [200], "the first like");
    await expectStatus(
      await fetch(
        `${base}/api/tips/${tipId}/comments`,
        writing(JSON.stringify({ body: "Worked for my tomatoes too, thank you!" })),
      ),
      [201],
      "the comment",
    );

    // The URL the My Tips screen asks for: its page, then the member's e-mail (as the web app's client
    // builds it, from useMyTips).
    const myTips = new URLSearchParams({ limit: String(MY_TIPS_PAGE_SIZE), offset: "0", email });
    const targets: Target[] = [
      { name: "session (every page)", path: "/api/auth/get-session", kind: "read", method: "GET" },
      { name: "a public tip, signed in", path: `/api/tips/${tipId}`, kind: "read", method: "GET" },
      { name: "My Tips", path: `/api/tips?${myTips}`, kind: "read", method: "GET" },
      { name: "dashboard figures", path: "/api/dashboard/stats", kind: "read", method: "GET" },
      { name: "a gardener page, signed in", path: `/api/gardeners/${handle}`, kind: "read", method: "GET" },
      {
        name: "a gardener's tips, signed in",
        path: `/api/gardeners/${handle}/tips`,
        kind: "read",
        method: "GET",
      },
      {
        name: "a tip's comments, signed in",
        path: `/api/tips/${tipId}/comments`,
        kind: "read",
        method: "GET",
      },
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

    for (const target of PARTS.includes("reads") ? targets : []) {
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
    let measured = PARTS.includes("reads") ? targets.length : 0;
    let counts = "";
    if (PARTS.includes("writes")) {
      const contention = await writesUnderContention(base, env.DATA_DIR ?? "", direct, () => stop(server));
      rows.push(contention.row);
      console.log(contention.row);
      counts = `After the writes: ${contention.counts}.`;
      measured += 1;
      if (contention.meets) met += 1;
    }
    return [
      `### ${label}`,
      "",
      `${CONNECTIONS} connections, ${SECONDS} s per measurement, means of two alternating rounds, signed in as one member; the last row ${WRITERS} members at once beside the same writes straight to the database.`,
      "",
      "| request | ours req/s | bare req/s | ratio | ours p99 | bare p99 | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows,
      "",
      counts,
      `${label}: ${met} of ${measured} rows meet the targets (reads at least ${READ_MIN_RATIO}x and p99 at most ${READ_MAX_P99_MS} ms, writes p99 at most ${WRITE_MAX_P99_MS} ms and, under contention, at least ${WRITE_MIN_RATIO}x of straight writes).`,
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
    reports.push(
      await benchmark(
        "Embedded PGlite",
        { DATA_DIR: dataDir },
        {
          exclusive: true,
          async open() {
            const database = await openDatabase({ dataDir });
            return { db: database.db, close: () => database.close() };
          },
        },
      ),
    );
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
      reports.push(
        await benchmark(
          "PostgreSQL 15",
          { DATABASE_URL: url.toString(), DATA_DIR: pgData },
          {
            exclusive: false,
            async open() {
              const pool = new pg.Pool({ connectionString: url.toString(), max: WRITERS });
              return { db: drizzle({ client: pool, schema }) as unknown as Db, close: () => pool.end() };
            },
          },
        ),
      );
    } finally {
      rmSync(pgData, { recursive: true, force: true });
    }
  } finally {
    await cluster.stop();
  }
console.log(`\n${reports.join("\n\n")}`);
