import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TipSchema } from "#shared/schemas/tip.ts";
import { createApp } from "../../app.ts";
import type { Database } from "../../db/client.ts";
import { tips } from "../../db/schema.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { eventually, poll } from "../../test/poll.ts";
import { openRelayedPostgres } from "../../test/test-db.ts";
import { PublicCache } from "./public-cache.ts";

/**
 * The public cache on a real PostgreSQL server reached through a relay that can cut the cache's
 * listening connection, cleanly (the server ends it) or silently (packets stop, the socket stays open),
 * and that counts the statements the app sends.
 */
let relay: Awaited<ReturnType<typeof openRelayedPostgres>>["relay"];
let direct: Database;
let relayed: Database;
let stopFollowing = async () => {};
let closeDatabases = async () => {};
const publicCache = new PublicCache();
let app: ReturnType<typeof createApp>;
let author: TestClient;
let tipId = "";
const word = `listener${Date.now().toString(36)}`;

beforeAll(async () => {
  ({ direct, relayed, relay, close: closeDatabases } = await openRelayedPostgres("garden_listener"));
  app = createApp({
    db: relayed.db,
    authSecret: randomBytes(32).toString("hex"),
    config: { BASE_URL: "http://localhost", RATE_LIMIT: false },
    publicCache,
  });
  stopFollowing = await publicCache.follow(relayed);
  author = createClient(app);
  await author.post("/api/auth/sign-up/email", newAccount({ name: "Listener Author" }));
  const tip = await author.post("/api/tips", newTip(`Before ${word}`), { schema: TipSchema });
  tipId = tip.body._id;
}, 60_000);

afterAll(async () => {
  await stopFollowing();
  await closeDatabases();
});

const titleNow = async () =>
  (await createClient(app).get(`/api/tips/${tipId}`, { schema: TipSchema })).body.title;

/** Until the cache serves again: the listener is back (a new connection) and a read is kept. */
async function cacheServingAgain() {
  const path = `/api/tips/${tipId}`;
  await eventually(
    "The cache serving again",
    async () => {
      await createClient(app).get(path);
      return publicCache.get(path, false) ? true : undefined;
    },
    { withinMs: 15_000, everyMs: 50 },
  );
}

/** Reads the tip until it shows `title`; the milliseconds that took. */
async function millisecondsUntilTitle(title: string, limitMs: number) {
  const found = await poll(async () => ((await titleNow()) === title ? true : undefined), {
    withinMs: limitMs + 2000,
  });
  return found?.ms ?? Number.POSITIVE_INFINITY;
}

const renameDirectly = (title: string) => direct.db.update(tips).set({ title }).where(eq(tips.id, tipId));

describe("the public cache and its listening connection", () => {
  it("serves no stale answer after its listener is ended by the server", async () => {
    await cacheServingAgain();
    const [listener] = relay.listeners();
    if (!listener) throw new Error("no listening connection through the relay");
    const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await admin.connect();
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where client_port = $1", [
      listener.upstream.localPort,
    ]);
    await admin.end();
    await renameDirectly(`Cut cleanly ${word}`);
    expect(await millisecondsUntilTitle(`Cut cleanly ${word}`, 1000)).toBeLessThanOrEqual(1000);
    await cacheServingAgain();
    // Back on a new connection, it follows changes again.
    await renameDirectly(`Back ${word}`);
    await publicCache.settled();
    expect(await titleNow()).toBe(`Back ${word}`);
  });

  it("serves no stale answer 5 s after its listener went silent, and follows changes once it is back", async () => {
    await cacheServingAgain();
    const [listener] = relay.listeners();
    if (!listener) throw new Error("no listening connection through the relay");
    listener.frozen = true;
    await renameDirectly(`Cut silently ${word}`);
    expect(await millisecondsUntilTitle(`Cut silently ${word}`, 5000)).toBeLessThanOrEqual(5000);
    await cacheServingAgain();
    expect(relay.listeners()).not.toContain(listener);
    await renameDirectly(`Heard again ${word}`);
    await publicCache.settled();
    expect(await titleNow()).toBe(`Heard again ${word}`);
  });

  it("answers cached reads between refused writes without a single statement to the database", async () => {
    await cacheServingAgain();
    const paths = [`/api/tips/${tipId}`, `/api/tips?q=${word}`, "/api/gardeners?limit=5"];
    for (const path of paths) await createClient(app).get(path);
    const visitor = createClient(app);
    const before = relay.poolStatements();
    const statuses = new Set<number>();
    for (let i = 0; i < 60; i++) {
      for (const path of paths) expect((await visitor.get(path)).status).toBe(200);
      statuses.add((await visitor.post("/api/tips", { title: "No session" })).status);
      statuses.add((await visitor.post("/", {})).status);
    }
    expect([...statuses].sort()).toEqual([401, 404]);
    expect(relay.poolStatements() - before).toBe(0);
  });
  it("sends no beat while nothing reads it, and beats again for the next reader", async () => {
    const heartbeatMs = 50;
    const others = new Set(relay.listeners());
    const cache = new PublicCache();
    const stop = await cache.follow(relayed, { heartbeatMs });
    try {
      const listener = relay.listeners().find((each) => !others.has(each));
      if (!listener) throw new Error("no listening connection of its own through the relay");
      // A lookup is what relies on the listener: reading `live` is the cache's own check before one.
      const reads = () => cache.live;
      // While it is read, the listener proves itself every beat.
      const busyFrom = listener.statements;
      await eventually(
        "beats while the cache is read",
        async () => {
          await reads();
          return listener.statements >= busyFrom + 3 ? true : undefined;
        },
        { withinMs: 5000, everyMs: heartbeatMs },
      );
      // Idle for twenty beats: not one statement, and the trust lapses by itself.
      const idleFrom = listener.statements;
      const sentWhileIdle = await poll(() => (listener.statements > idleFrom + 1 ? true : undefined), {
        withinMs: 20 * heartbeatMs,
        everyMs: heartbeatMs,
      });
      expect(sentWhileIdle).toBeNull();
      expect(listener.statements - idleFrom).toBeLessThanOrEqual(1);
      // The next reader is not served on lapsed trust; the beat it asks for makes the cache live again.
      expect(cache.live).toBe(false);
      await eventually("the cache live again", () => (reads() ? true : undefined), {
        withinMs: 5000,
        everyMs: heartbeatMs,
      });
      expect(listener.statements).toBeGreaterThan(idleFrom);
    } finally {
      await stop();
    }
  });
});
