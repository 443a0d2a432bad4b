import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Database, Listener } from "../../db/client.ts";
import { ChangeFeed } from "./change-feed.ts";

const dialect = new PgDialect();

/**
 * A feed on a database the test drives by hand: every marker the feed sends is recorded, in order, and
 * comes back only when the test says (`deliver`), as PostgreSQL would deliver it after the commits before it.
 */
async function followedFeed({ notifiesBeforeAnswering = false } = {}) {
  const changes: string[] = [];
  let dropped = 0;
  const feed = new ChangeFeed("public_change", {
    changed: (payload) => changes.push(payload),
    dropAll: () => {
      dropped += 1;
    },
  });
  let listener: Listener | undefined;
  const markers: string[] = [];
  const database = {
    listen: async (_channel: string, given: Listener) => {
      listener = given;
      given.trustedUntil(Number.POSITIVE_INFINITY);
      return async () => {};
    },
    db: {
      execute: async (query: SQL) => {
        const [, marker] = dialect.sqlToQuery(query).params as [string, string];
        markers.push(marker);
        return { rows: [] };
      },
    },
    notifiesBeforeAnswering,
  } as unknown as Database;
  await feed.follow(database);
  const deliver = (marker: string | undefined) => {
    if (!marker) throw new Error("no such marker was sent");
    listener?.notify(marker);
  };
  return { feed, markers, deliver, changes, dropped: () => dropped };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Whether `promise` has resolved yet. */
function watch(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

describe("ChangeFeed.settled", () => {
  it("lets writers that wait at once share one marker instead of sending one each", async () => {
    const { feed, markers, deliver } = await followedFeed();
    const first = watch(feed.settled());
    await settle();
    expect(markers).toHaveLength(1);
    // Forty writers finish while the first marker is out: none of them may count on it.
    const later = Array.from({ length: 40 }, () => watch(feed.settled()));
    await settle();
    expect(markers).toHaveLength(1);

    deliver(markers[0]);
    await settle();
    expect(first.done).toBe(true);
    expect(later.some((writer) => writer.done)).toBe(false);
    // They share the one marker sent after the first came back.
    expect(markers).toHaveLength(2);
    deliver(markers[1]);
    await settle();
    expect(later.every((writer) => writer.done)).toBe(true);
    expect(markers).toHaveLength(2);
  });

  it("does not let a writer go on a marker that may have been sent before its change committed", async () => {
    const { feed, markers, deliver, changes } = await followedFeed();
    const before = watch(feed.settled());
    await settle();
    const mine = watch(feed.settled());
    await settle();
    deliver(markers[0]);
    await settle();
    expect(before.done).toBe(true);
    expect(mine.done).toBe(false);
    // The writer's own change comes back after the first marker, and is passed on to the cache.
    deliver("tips");
    expect(changes).toEqual(["tips"]);
    expect(mine.done).toBe(false);
    deliver(markers[1]);
    await settle();
    expect(mine.done).toBe(true);
  });

  it("drops everything the cache holds when a marker does not come back in time, and sends new ones after", async () => {
    const { feed, markers, deliver, dropped } = await followedFeed();
    await feed.settled(20);
    expect(dropped()).toBe(1);
    expect(markers).toHaveLength(1);
    // The lost marker holds nobody up: the next writer sends its own at once.
    const next = watch(feed.settled());
    await settle();
    expect(markers).toHaveLength(2);
    deliver(markers[1]);
    await settle();
    expect(next.done).toBe(true);
  });

  it("sends no marker where a change reaches the cache before its writer's statement answers", async () => {
    const { feed, markers } = await followedFeed({ notifiesBeforeAnswering: true });
    await Promise.all(Array.from({ length: 10 }, () => feed.settled()));
    expect(markers).toEqual([]);
  });
});
