import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { eventually, poll } from "../../test/poll.ts";
import { openRelayedPostgres } from "../../test/test-db.ts";
import { MemberEvents } from "./member-events.ts";

/**
 * The members' event streams' listening connection on a real PostgreSQL server, through a relay that
 * counts what each connection sends and can silence one: an instance with no stream open asks nothing of
 * the database; with one open, the connection proves itself and a silent one is replaced.
 */
let relay: Awaited<ReturnType<typeof openRelayedPostgres>>["relay"];
let relayed: Database;
let closeDatabases = async () => {};
const heartbeatMs = 50;

beforeAll(async () => {
  ({ relayed, relay, close: closeDatabases } = await openRelayedPostgres("garden_member_events"));
}, 60_000);

afterAll(async () => {
  await closeDatabases();
});

/** Whether `listener` sends more than one statement in twenty beats' time. */
const sendsWhileWatched = async (listener: { statements: number }) => {
  const from = listener.statements;
  const sent = await poll(() => (listener.statements > from + 1 ? true : undefined), {
    withinMs: 20 * heartbeatMs,
    everyMs: heartbeatMs,
  });
  return sent !== null;
};

describe("the members' event streams' listening connection", () => {
  it("sends nothing while no stream is open, proves itself while one is, and is replaced when silent", async () => {
    const events = new MemberEvents();
    const stop = await events.follow(relayed, { heartbeatMs });
    try {
      const [listener] = relay.listeners();
      if (!listener) throw new Error("no listening connection through the relay");
      expect(await sendsWhileWatched(listener)).toBe(false);

      let woken = 0;
      const close = events.open("member-1", { wake: () => (woken += 1), end: () => {} });
      const busyFrom = listener.statements;
      await eventually(
        "beats while a stream is open",
        () => (listener.statements >= busyFrom + 3 ? true : undefined),
        { withinMs: 5000, everyMs: heartbeatMs },
      );

      // Silenced with a stream open: replaced, and the stream woken, since what was sent meanwhile is unknown.
      listener.frozen = true;
      await eventually(
        "a new listening connection",
        () => (relay.listeners().some((each) => each !== listener) ? true : undefined),
        { withinMs: 5000, everyMs: heartbeatMs },
      );
      await eventually("the stream woken", () => (woken > 0 ? true : undefined), {
        withinMs: 5000,
        everyMs: heartbeatMs,
      });
      expect(relay.listeners()).not.toContain(listener);

      close();
      const [replacement] = relay.listeners();
      if (!replacement) throw new Error("no listening connection after the replacement");
      expect(await sendsWhileWatched(replacement)).toBe(false);
    } finally {
      await stop();
    }
  });
});
