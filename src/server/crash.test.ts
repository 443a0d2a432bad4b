import { randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TipSchema } from "#shared/schemas/tip.ts";
import { openDatabase } from "./db/client.ts";
import { confirmFromOutbox, freePort, migratedDataDir, startServer, tempDir } from "./test/server-process.ts";
import { createPostgresDatabase, testDriver } from "./test/test-db.ts";

/**
 * A writer creates tips and likes as fast as it can while the server is killed with SIGKILL three times and
 * started again at once on the same data (a killed server must not keep the next one out, ADR 014). Every
 * restart succeeds, and every write the server acknowledged is there exactly once, with counts that agree
 * with the rows. On PGlite and PostgreSQL.
 */
const KILLS = 3;
let databaseEnv: Record<string, string>;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (testDriver === "pglite") {
    databaseEnv = { DATA_DIR: await migratedDataDir() };
    return;
  }
  const created = await createPostgresDatabase("garden_crash");
  databaseEnv = { DATA_DIR: tempDir(), DATABASE_URL: created.url };
  dropDatabase = created.drop;
});
afterAll(async () => {
  await dropDatabase();
});

/** A cookie-keeping client of the real server at `base()` (the port changes with every restart). */
function account(base: () => string) {
  let cookie = "";
  return {
    async send(method: string, path: string, body?: unknown) {
      const res = await fetch(`${base()}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
      if (set.length > 0) cookie = set.join("; ");
      const text = await res.text();
      const json: unknown = text ? JSON.parse(text) : null;
      return { status: res.status, body: json };
    },
    cookie: () => cookie,
  };
}

describe("crash durability", () => {
  it(`keeps every acknowledged tip and like across ${KILLS} SIGKILLs`, async () => {
    let port = await freePort();
    const base = () => `http://127.0.0.1:${port}`;
    const start = async () => {
      const server = startServer(
        {
          ...databaseEnv,
          PORT: String(port),
          HOST: "127.0.0.1",
          BASE_URL: `http://127.0.0.1:${port}`,
          // Writing at machine speed from one address is the point here; the write limits would refuse it.
          RATE_LIMITS: "off",
        },
        { waitForUrl: `${base()}/api/health` },
      );
      await server.ready();
      return server;
    };
    let server = await start();

    const people = [account(base), account(base), account(base)];
    const emails: string[] = [];
    for (const person of people) {
      const email = `crash-${randomUUID()}@example.com`;
      emails.push(email);
      const res = await person.send("POST", "/api/auth/sign-up/email", {
        // Each its own name: the first to confirm its e-mail becomes the administrator, whose name no
        // one else may take.
        name: `Crash Tester ${emails.length}`,
        email,
        password: "Sunflower7",
      });
      expect(res.status).toBe(200);
      // The writer shares dozens of public tips: it confirms its e-mail first, as a person must.
      if (person === people[0])
        await confirmFromOutbox(
          base(),
          person.cookie(),
          email,
          path.join(databaseEnv.DATA_DIR ?? "", "outbox"),
        );
    }

    const ackedTips = new Map<string, string>(); // id -> title
    const ackedLikes = new Set<string>(); // `${tipId} ${person}`
    let acknowledged = 0;
    let counter = 0;
    let running = true;
    const writer = async () => {
      while (running) {
        counter += 1;
        const title = `Crash tip ${counter} ${randomUUID().slice(0, 8)}`;
        try {
          const created = await people[0]?.send("POST", "/api/tips", {
            title,
            plantType: "Fern",
            difficulty: "Easy",
            description: "Written while the server is being killed.",
            category: "Plant Care",
            availability: "Public",
          });
          if (created?.status === 201) {
            ackedTips.set(TipSchema.parse(created.body)._id, title);
            acknowledged += 1;
          }
          const ids = [...ackedTips.keys()];
          const tipId = ids[Math.floor(Math.random() * ids.length)];
          const who = Math.floor(Math.random() * people.length);
          if (tipId) {
            const liked = await people[who]?.send("POST", `/api/tips/${tipId}/like`);
            if (liked?.status === 200) {
              ackedLikes.add(`${tipId} ${who}`);
              acknowledged += 1;
            }
          }
        } catch {
          // The server is down: connection refused or reset. The write was not acknowledged.
          // A short pause, not a busy loop, so the restarting server gets the CPU.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);

    const progressed = async (atLeast: number) => {
      const target = acknowledged + atLeast;
      await expect.poll(() => acknowledged, { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(target);
    };
    for (let kill = 0; kill < KILLS; kill++) {
      await progressed(10 + Math.floor(Math.random() * 20));
      server.child.kill("SIGKILL");
      await server.exited;
      port = await freePort();
      server = await start(); // must succeed at once: no stale lock, no recovery failure
    }
    await progressed(5);
    running = false;
    await Promise.all(writers);

    // Every acknowledged tip is there, exactly once.
    const listed: Array<{ _id: string; title: string; totalLiked: number }> = [];
    let cursor = "";
    do {
      const res = await fetch(`${base()}/api/tips?sort=newest&limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      listed.push(...TipSchema.array().parse(await res.json()));
      cursor = res.headers.get("x-next-cursor") ?? "";
    } while (cursor);
    const titles = listed.map((tip) => tip.title);
    expect(new Set(titles).size).toBe(titles.length);
    const listedIds = new Set(listed.map((tip) => tip._id));
    for (const [id, title] of ackedTips) {
      expect(listedIds.has(id), title).toBe(true);
    }
    // Every acknowledged like is counted, and is the caller's.
    for (const key of ackedLikes) {
      const [tipId, who] = key.split(" ");
      const res = await people[Number(who)]?.send("GET", `/api/tips/${tipId}`);
      expect(TipSchema.parse(res?.body).likedByMe, key).toBe(true);
    }
    const total = await fetch(`${base()}/api/tips?limit=1`);
    expect(Number(total.headers.get("x-total-count"))).toBe(listed.length);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    // The kept counts agree with the rows.
    const database = await openDatabase({
      dataDir: databaseEnv.DATA_DIR,
      databaseUrl: databaseEnv.DATABASE_URL,
    });
    try {
      const rows = async (query: string) =>
        z
          .object({ rows: z.array(z.record(z.string(), z.unknown())) })
          .parse(await database.db.execute(sql.raw(query))).rows;
      expect(
        await rows(`select t.id from tips t
          where t.total_liked <> (select count(*) from tip_likes l where l.tip_id = t.id)`),
      ).toEqual([]);
      expect(
        await rows(`select c.* from tip_counts c full join (
            select availability, difficulty, category, count(*)::int as n from tips group by 1, 2, 3
          ) t using (availability, difficulty, category)
          where coalesce(c.total, 0) <> coalesce(t.n, 0)`),
      ).toEqual([]);
    } finally {
      await database.close();
    }
    expect(ackedTips.size).toBeGreaterThan(KILLS * 5);
  }, 180_000);
});
