import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { type Database, openDatabase } from "./client.ts";

// The embedded database on its own thread (ADR 038), as the server and scripts use it. These open their
// own database (in memory or in a folder of their own) and need no database server. In memory they
// start from the run's migrated snapshot (ADR 047); the folder's starts from nothing, as a first start does.
const snapshot = inject("pgliteSnapshot");

const opened: Database[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function open(dataDir?: string): Promise<Database> {
  const database = await openDatabase(dataDir ? { dataDir } : { snapshot });
  opened.push(database);
  return database;
}

/** The rows a statement answered. */
const rowsOf = async (statement: PromiseLike<unknown>) =>
  z.object({ rows: z.array(z.record(z.string(), z.unknown())) }).parse(await statement).rows;

/** The PostgreSQL error behind drizzle's wrapper. */
function databaseError(error: unknown): Record<string, unknown> {
  let cause = error;
  while (cause instanceof Error && !("code" in cause) && cause.cause) cause = cause.cause;
  return cause as Record<string, unknown>;
}

describe("the embedded database on its own thread", () => {
  it("answers rows, with dates and numbers as the drivers give them", async () => {
    const { db } = await open();
    const rows = await rowsOf(
      db.execute(
        sql`select 41 + 1 as answer, 'plot'::text as name, '2026-11-27 08:00:00+00'::timestamptz as at, '{1,2}'::int[] as list`,
      ),
    );
    expect(rows).toEqual([{ answer: 42, name: "plot", at: "2026-11-27 08:00:00+00", list: [1, 2] }]);
  });

  it("passes PostgreSQL's own error on, with its code and constraint", async () => {
    const { db } = await open();
    await db.execute(sql`create table beds (name text constraint beds_name_key unique)`);
    await db.execute(sql`insert into beds values ('north')`);
    const failure = await db.execute(sql`insert into beds values ('north')`).catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(databaseError(failure)).toMatchObject({ code: "23505", constraint: "beds_name_key" });
    // The connection goes on after the error.
    expect(await rowsOf(db.execute(sql`select count(*)::int as n from beds`))).toEqual([{ n: 1 }]);
  });

  it("commits a transaction that resolves and rolls back one that throws, leaving the rest waiting", async () => {
    const { db } = await open();
    await db.execute(sql`create table rows_seen (n int)`);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const committed = db.transaction(async (tx) => {
      await tx.execute(sql`insert into rows_seen values (1)`);
      inserted();
      await held;
    });
    await insertedOnce;
    // Sent while the transaction is open: answered after its commit, and so sees its row.
    const outside = db.execute(sql`select count(*)::int as n from rows_seen`);
    release();
    await committed;
    expect(await rowsOf(outside)).toEqual([{ n: 1 }]);

    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into rows_seen values (2)`);
        throw new Error("changed my mind");
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe("changed my mind");
    // A statement that fails inside a transaction rolls it back too.
    const broken = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into rows_seen values (3)`);
        await tx.execute(sql`insert into rows_seen values ('three')`);
      })
      .catch((error) => databaseError(error).code);
    expect(broken).toBe("22P02");
    expect(await rowsOf(db.execute(sql`select n from rows_seen order by n`))).toEqual([{ n: 1 }]);
  });

  it("hands a notification to the listeners before the answer of the statement or commit that made it", async () => {
    const database = await open();
    const heard: string[] = [];
    await database.listen("garden_test", {
      notify: (payload) => heard.push(payload),
      trustedUntil: () => {},
      lost: () => {},
      back: () => {},
    });
    await database.db.execute(sql`select pg_notify('garden_test', 'alone')`);
    expect(heard).toEqual(["alone"]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('garden_test', 'in a transaction')`);
      expect(heard).toEqual(["alone"]);
    });
    expect(heard).toEqual(["alone", "in a transaction"]);
  });

  it("keeps what was written in its folder once closed and opened again", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "garden-thread-"));
    folders.push(folder);
    const first = await openDatabase({ dataDir: folder });
    await first.db.execute(sql`create table kept (name text)`);
    await first.db.execute(sql`insert into kept values ('compost')`);
    await first.close();
    const again = await open(folder);
    expect(await rowsOf(again.db.execute(sql`select name from kept`))).toEqual([{ name: "compost" }]);
  });

  it("refuses statements once closed, with a clear error instead of waiting", async () => {
    const database = await openDatabase({ snapshot });
    await database.close();
    const failure = (await database.db.execute(sql`select 1`).catch((error) => error)) as Error;
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure.cause as Error | undefined)?.message ?? failure.message)).toContain(
      "The embedded database is closed",
    );
  });

  it("lets a script that never closes it exit once its statements are answered, and not before", () => {
    const client = fileURLToPath(new URL("./client.ts", import.meta.url));
    const script = `
      import { sql } from "drizzle-orm";
      import { openDatabase } from ${JSON.stringify(client)};
      const { db } = await openDatabase({ snapshot: ${JSON.stringify(snapshot)} });
      const { rows } = await db.execute(sql\`select pg_sleep(0.3), 'answered' as said\`);
      console.log(rows[0].said);
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("../../..", import.meta.url)),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.signal).toBeNull();
    expect(run.stdout.trim()).toBe("answered");
    expect(run.status).toBe(0);
  });
});
