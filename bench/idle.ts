/**
 * `npm run bench -- idle`: what an instance nobody uses asks of its database. The production build on a
 * throwaway PostgreSQL cluster with pg_stat_statements; BENCH_INSTANCES (default 1, then 3) instances
 * share the database, started, given a request each (so every cache has been read once) and left alone
 * for BENCH_QUIET_SECONDS (default 70: the summary sweep first runs a minute after start), then
 * BENCH_IDLE_SECONDS (default 60) are counted: the statements the database ran, the transactions it
 * committed, and the statements that made them, most frequent first. The target: at most one statement
 * a second per instance, and none that grows with the number of instances.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startThrowawayCluster } from "../src/server/test/postgres-cluster.ts";
import { freePort } from "../src/server/test/server-process.ts";
import { ensureBuilt, startServer } from "./support.ts";

const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 70);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const COUNTS = (process.env.BENCH_INSTANCES ?? "1,3").split(",").map(Number);
const DATABASE = "bench_idle";

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

interface Statement {
  query: string;
  calls: number;
}

/** The statements run in `database` since the last reset, most frequent first, and the transactions. */
async function tally(admin: pg.Client, inDatabase: pg.Client) {
  await admin.query("select pg_stat_clear_snapshot()");
  const { rows } = await admin.query<{ query: string; calls: string }>(
    `select s.query, s.calls from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = $1 order by s.calls desc`,
    [DATABASE],
  );
  const xacts = await admin.query<{ n: string }>(
    "select xact_commit + xact_rollback as n from pg_stat_database where datname = $1",
    [DATABASE],
  );
  await inDatabase.query("select pg_stat_clear_snapshot()");
  const upkeep = await inDatabase.query<{ n: string }>(
    "select coalesce(sum(autovacuum_count + autoanalyze_count), 0) as n from pg_stat_all_tables",
  );
  const statements: Statement[] = rows.map((row) => ({ query: row.query, calls: Number(row.calls) }));
  return { statements, transactions: Number(xacts.rows[0]?.n ?? 0), upkeep: Number(upkeep.rows[0]?.n ?? 0) };
}

ensureBuilt();
const cluster = await startThrowawayCluster();
const dataDirs: string[] = [];
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("alter system set shared_preload_libraries = 'pg_stat_statements'");
  await admin.end();
  await cluster.pause();
  await cluster.resume();
  const su = new pg.Client({ connectionString: cluster.url });
  await su.connect();
  // The view reads every database's statements; it is created where the bench reads it.
  await su.query("create extension pg_stat_statements");
  await su.query(`create database ${DATABASE}`);
  const url = new URL(cluster.url);
  url.pathname = `/${DATABASE}`;
  const inDatabase = new pg.Client({ connectionString: url.toString() });
  await inDatabase.connect();

  const results: string[] = [];
  for (const count of COUNTS) {
    const servers = [];
    for (let n = 0; n < count; n++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "garden-bench-idle-"));
      dataDirs.push(dataDir);
      const port = await freePort();
      const server = await startServer(
        { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO_DATA: n === 0 ? "true" : "false" },
        port,
      );
      servers.push(server);
      // One visitor's and one reader's request: every cache has been used once, as on a live site.
      await (await fetch(`http://127.0.0.1:${port}/api/tips?limit=6`)).text();
      await (await fetch(`http://127.0.0.1:${port}/api/auth/get-session`)).text();
    }
    try {
      console.log(
        `${count} instance(s) started; ${QUIET_SECONDS} s to settle, then ${IDLE_SECONDS} s counted…`,
      );
      await pause(QUIET_SECONDS);
      const before = await tally(su, inDatabase);
      await su.query("select pg_stat_statements_reset()");
      await pause(IDLE_SECONDS);
      const after = await tally(su, inDatabase);
      // The bench's own reading of the statistics is not the site's.
      const site = after.statements.filter((s) => !/pg_stat_|pg_database/.test(s.query));
      const statements = site.reduce((sum, s) => sum + s.calls, 0);
      const transactions = after.transactions - before.transactions;
      const upkeep = after.upkeep - before.upkeep;
      results.push(
        `  ${count} instance(s): ${statements} statements in ${IDLE_SECONDS} s (${(statements / IDLE_SECONDS / count).toFixed(2)} a second per instance; target at most 1), ${transactions} transactions (the bench's own and ${upkeep} autovacuum runs among them)`,
      );
      for (const s of site.slice(0, 8))
        results.push(`      ${String(s.calls).padStart(6)}  ${s.query.replace(/\s+/g, " ").slice(0, 110)}`);
    } finally {
      for (const server of servers) {
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
    }
  }
  await su.end();
  await inDatabase.end();
  console.log(`
An idle instance's database work (PostgreSQL 15, production build, ${os.cpus().length} cores)
${results.join("\n")}`);
} finally {
  await cluster.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
