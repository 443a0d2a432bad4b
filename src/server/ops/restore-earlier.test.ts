import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TipSchema } from "#shared/schemas/tip.ts";
import { createApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { PublicCache } from "../lib/cache/public-cache.ts";
import { SessionCache } from "../lib/cache/session-cache.ts";
import { createMemoryStorage } from "../storage/photo-storage.ts";
import { databaseBefore, migrationsOfThisRelease } from "../test/earlier-release.ts";
import { createPostgresDatabase, testDriver } from "../test/test-db.ts";
import { migrationsApplied } from "./backup.ts";
import { countRows, restoreInto, unseenPhotos } from "./restore.ts";

/**
 * A backup taken by the release before photos were records (its tips and profiles kept each uploaded
 * photo as an address), restored by this one: the restored site shows every photo, at the address of the
 * storage it has now, with its size and copies.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const hash = "0123456789abcdef0123456789abcdef";
const key = `${hash}-1000x750.webp`;
const files = new Map([
  [key, Buffer.from("the photo")],
  [`${hash}-480w.webp`, Buffer.from("its 480 px copy")],
  [`${hash}-960w.webp`, Buffer.from("its 960 px copy")],
]);

/** The earlier release's database, as `Database` (dump and all), with a member, their photo and tip. */
async function earlierDatabase(): Promise<{ source: Database; tipId: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "garden-earlier-backup-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const earlier = await databaseBefore("0036", { dataDir });
  await earlier.db.execute(sql`
    insert into users (id, name, email, email_verified, image)
    values ('u-fern', 'Fern', 'fern@example.com', true, ${`/uploads/${key}`})`);
  await earlier.db.execute(
    sql`insert into photo_uploads (hash, owner_id, width, height) values (${hash}, 'u-fern', 1000, 750)`,
  );
  const [tip] = await earlier.rows(
    sql`insert into tips (title, plant_type, difficulty, description, category, author_id, name, email, images)
        values ('Mulch before the frost', 'Rose', 'Easy', 'A thick layer keeps the roots warm.', 'Plant Care',
                'u-fern', '', '', ${`/uploads/${key}`})
        returning id`,
    z.object({ id: z.string() }),
  );
  if (testDriver === "pglite") {
    await earlier.close();
    const source = await openDatabase({ dataDir });
    cleanups.push(() => source.close());
    return { source, tipId: tip?.id ?? "" };
  }
  cleanups.push(() => earlier.close());
  const source = await openDatabase({ databaseUrl: earlier.url });
  cleanups.push(() => source.close());
  return { source, tipId: tip?.id ?? "" };
}

async function emptyDatabase(): Promise<{ target: Database; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "garden-restored-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (testDriver === "pglite") {
    const target = await openDatabase({ dataDir });
    cleanups.push(() => target.close());
    return { target, dataDir };
  }
  const created = await createPostgresDatabase("garden_restored");
  cleanups.push(() => created.drop());
  const target = await openDatabase({ databaseUrl: created.url });
  cleanups.push(() => target.close());
  return { target, dataDir };
}

describe("restoring a backup of the release before photos were records", () => {
  it("brings it up to this release, and every photo shows at today's address with its size", async () => {
    const { source, tipId } = await earlierDatabase();
    const migrations = await migrationsApplied(source);
    expect(migrations).toBeLessThan(migrationsOfThisRelease());
    const { target, dataDir } = await emptyDatabase();
    const storage = createMemoryStorage({ publicBase: "https://cdn.example/garden/uploads" });

    const result = await restoreInto(
      { database: target, storage, dataDir, force: false },
      { script: await source.dump(), migrations, photos: files, authSecret: null },
    );
    // Every table holds the rows the backup held (what the restore command checks), migrations aside.
    expect(result.tables).toEqual(await countRows(source));

    expect(await migrationsApplied(target)).toBe(migrationsOfThisRelease());
    expect(await unseenPhotos(target, storage)).toEqual([]);
    const records = await rowsOf(
      target.db,
      z.object({ hash: z.string(), storage_key: z.string() }),
      sql`select hash, storage_key from photos`,
    );
    expect(records).toEqual([{ hash, storage_key: key }]);

    const app = createApp({
      db: target.db,
      authSecret: "a".repeat(64),
      config: { BASE_URL: "http://garden.example" },
      storage,
      publicCache: new PublicCache(),
      sessionCache: new SessionCache(),
    });
    const res = await app.request(`http://garden.example/api/tips/${tipId}`);
    expect(res.status).toBe(200);
    const tip = TipSchema.parse(await res.json());
    expect(tip.images).toBe(`https://cdn.example/garden/uploads/${key}`);
    expect(tip.photo).toEqual({
      width: 1000,
      height: 750,
      srcSet: [
        `https://cdn.example/garden/uploads/${hash}-480w.webp 480w`,
        `https://cdn.example/garden/uploads/${hash}-960w.webp 960w`,
        `https://cdn.example/garden/uploads/${key} 1000w`,
      ].join(", "),
    });
    expect([...storage.files.keys()].sort()).toEqual([...files.keys()].sort());
    // Two databases made from nothing and migrated one by one (no migrated snapshot can stand for an
    // earlier release): some seconds each, more on a busy machine.
  }, 120_000);
});
