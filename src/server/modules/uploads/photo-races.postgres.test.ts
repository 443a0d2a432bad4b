import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { photoFiles } from "#shared/photos.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { createMemoryStorage, type PhotoStorage } from "../../storage/photo-storage.ts";
import { smallPng } from "../../test/photo-fixtures.ts";
import { eventually } from "../../test/poll.ts";
import { createPostgresDatabase } from "../../test/test-db.ts";
import { insertTips } from "../../test/tip-fixtures.ts";
import { processPhoto } from "./photo-processing.ts";
import { storePhoto, sweepUnusedPhotos } from "./uploads.service.ts";

/**
 * Two instances of the site on one PostgreSQL: one sweeps the photos nothing used for a day while the
 * other starts using one (a tip saved with it, the same photo uploaded again). Whichever way the two
 * meet, a photo that is used, or just uploaded, keeps its record and every one of its files.
 */
const DAY = 24 * 60 * 60 * 1000;
let database: Database;
let url = "";
let drop = async () => {};

beforeAll(async () => {
  const created = await createPostgresDatabase("garden_photo_races", { migrated: true });
  url = created.url;
  drop = created.drop;
  database = await openDatabase({ databaseUrl: url });
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** A member's tip, and a photo they uploaded two days ago that nothing shows yet. */
async function stalePhoto(storage: PhotoStorage, seed: number) {
  const [tip] = await insertTips(database.db, [
    {
      title: `Race ${seed}`,
      plantType: "Bean",
      difficulty: "Easy",
      description: "A tip that is about to show a photo.",
      category: "Vegetables",
      name: `Racer ${seed}`,
      email: `racer${seed}@example.com`,
    },
  ]);
  if (!tip) throw new Error("No tip was inserted");
  const processed = await processPhoto(await smallPng(seed));
  const record = await storePhoto(
    database.db,
    storage,
    processed,
    tip.authorId,
    new Date(Date.now() - 2 * DAY),
  );
  return { tip, processed, record };
}

/** Waits until some statement on this database waits for a lock another transaction holds. */
const someoneWaits = () =>
  eventually(
    "a statement waiting for the other transaction's lock",
    async () => {
      const [waiting] = await rowsOf(
        database.db,
        z.object({ count: z.number() }),
        sql`select count(*)::int as count from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (waiting?.count ?? 0) > 0 ? true : undefined;
    },
    { withinMs: 10_000 },
  );

const recordOf = async (hash: string) =>
  rowsOf(database.db, z.object({ hash: z.string() }), sql`select hash from photos where hash = ${hash}`);

describe("a photo swept on one instance while the other uses it", () => {
  it("stays, files and all, when a tip saved meanwhile shows it, and the sweep goes on", async () => {
    const storage = createMemoryStorage({ publicBase: "http://garden.test/uploads" });
    const { tip, record } = await stalePhoto(storage, 601);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // The other instance is saving the tip with the photo: its transaction is not committed yet.
      await other.query("begin");
      await other.query("update tips set photo_hash = $1 where id = $2", [record.hash, tip.id]);
      const swept = sweepUnusedPhotos(database.db, storage, { now: new Date() });
      await someoneWaits();
      await other.query("commit");
      expect(await swept).toBe(0);
    } finally {
      await other.end();
    }
    expect(await recordOf(record.hash)).toEqual([{ hash: record.hash }]);
    for (const name of photoFiles(record)) expect(storage.files.has(name), name).toBe(true);
  });

  it("is stored anew, files and all, when it is uploaded again while its files are being deleted", async () => {
    const memory = createMemoryStorage({ publicBase: "http://garden.test/uploads" });
    const { tip, processed, record } = await stalePhoto(memory, 602);
    // The sweeping instance's storage answers its deletes only when the test lets it.
    let letDelete = () => {};
    const deleting = new Promise<void>((resolve) => {
      letDelete = resolve;
    });
    let deletesAsked = 0;
    const slow: PhotoStorage = {
      ...memory,
      delete: async (name) => {
        deletesAsked += 1;
        await deleting;
        await memory.delete(name);
      },
    };
    const swept = sweepUnusedPhotos(database.db, slow, { now: new Date() });
    await eventually("the sweep deleting the photo's files", () => (deletesAsked > 0 ? true : undefined), {
      withinMs: 10_000,
    });
    // Uploaded again now: its files are all still there, and its record is being deleted.
    const stored = storePhoto(database.db, memory, processed, tip.authorId, new Date());
    await someoneWaits();
    letDelete();
    expect(await swept).toBe(1);
    expect(await stored).toEqual(record);
    expect(await recordOf(record.hash)).toEqual([{ hash: record.hash }]);
    for (const name of photoFiles(record)) expect(memory.files.has(name), name).toBe(true);
  });
});
