import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import S3rver from "s3rver";
import { afterAll, describe, expect, it } from "vitest";
import { photoFiles as filesOfPhoto, photoName } from "#shared/photos.ts";
import { openDatabase } from "./db/client.ts";
import { tipLikes, users } from "./db/schema.ts";
import { databaseBefore } from "./test/earlier-release.ts";
import { pgliteSnapshot } from "./test/migrated-templates.ts";
import { freePort, migratedDataDir, runNpmScript, serveSite, tempDir } from "./test/server-process.ts";
import { createPostgresDatabase } from "./test/test-db.ts";
import { insertTips } from "./test/tip-fixtures.ts";

/**
 * `npm run move -- --to postgres://...` as docs/operations.md has the operator run it: an embedded site
 * of 10,000 tips, their likes and photos copied to a PostgreSQL server, every table's rows and every
 * photo's checksum compared, and the site then served from the server.
 */
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop().catch(() => {});
});

const run = (env: Record<string, string>, args: string[]) => runNpmScript("move", args, env);

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** What a browser gets at `url`: the answer's status and the SHA-256 of its bytes. */
async function fetched(url: string) {
  const answer = await fetch(url);
  return { status: answer.status, sha256: sha256(Buffer.from(await answer.arrayBuffer())) };
}

async function emptyServerDatabase() {
  const created = await createPostgresDatabase("garden_move");
  drops.push(created.drop);
  return created.url;
}

const TIPS = 10_000;
const PHOTOS = 12;
const BUCKET = "garden-photos";

/** An embedded site in `dataDir` with `size.tips` tips by 40 members, likes, and `size.photos` photos on some tips. */
async function embeddedSite(dataDir: string, base: string, size = { tips: TIPS, photos: PHOTOS }) {
  // From the migrated snapshot (ADR 047): what is moved is the site's data, not its first start.
  const database = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
  try {
    await database.migrate();
    const photoFiles = new Map<string, string>();
    const uploads = path.join(dataDir, "uploads");
    mkdirSync(uploads, { recursive: true });
    const photoUrls: string[] = [];
    const members = Array.from({ length: 40 }, (_, n) => ({
      name: `Mover ${n}`,
      email: `mover${n}@example.com`,
    }));
    const rows = Array.from({ length: size.tips }, (_, n) => {
      const member = members[n % members.length] ?? members[0];
      return {
        title: `Moved tip ${n}`,
        plantType: "Chard",
        difficulty: "Easy" as const,
        description: `Tip ${n}, with a quote ' and a line\nINSERT INTO public.tips VALUES ('not a row');`,
        category: "Vegetables" as const,
        name: member?.name ?? "",
        email: member?.email ?? "",
      };
    });
    const inserted: Array<{ id: string }> = [];
    for (let start = 0; start < rows.length; start += 1000)
      inserted.push(...(await insertTips(database.db, rows.slice(start, start + 1000))));
    const accounts = await database.db.select({ id: users.id }).from(users);
    for (let n = 0; n < size.photos; n++) {
      const hash = randomBytes(16).toString("hex");
      const owner = accounts[n % accounts.length]?.id ?? "";
      // 1000 px wide: the photo and its 480 and 960 px copies, three files.
      const key = photoName(hash, 1000, 750);
      for (const name of filesOfPhoto({ hash, key, width: 1000 })) {
        const bytes = randomBytes(2000 + n);
        writeFileSync(path.join(uploads, name), bytes);
        photoFiles.set(name, sha256(bytes));
      }
      await database.db.execute(
        sql`insert into photos (hash, storage_key, width, height) values (${hash}, ${key}, 1000, 750)`,
      );
      await database.db.execute(sql`insert into photo_uploads (hash, owner_id) values (${hash}, ${owner})`);
      photoUrls.push(`${base}/uploads/${key}`);
      await database.db.execute(
        sql`update tips set photo_hash = ${hash} where id = ${inserted[n]?.id ?? ""}`,
      );
    }
    const likes = inserted
      .slice(0, size.tips / 4)
      .flatMap((tip, n) =>
        [0, 1].map((k) => ({ tipId: tip.id, userId: accounts[(n + k) % accounts.length]?.id ?? "" })),
      );
    for (let start = 0; start < likes.length; start += 1000)
      await database.db.insert(tipLikes).values(likes.slice(start, start + 1000));
    // The like route keeps tips.total_liked equal to the likes; rows written straight need it set too.
    await database.db.execute(
      sql`update tips set total_liked = (select count(*) from tip_likes where tip_id = tips.id)`,
    );
    return { photoFiles, photoUrls, likedTip: inserted[0]?.id ?? "", likes: likes.length };
  } finally {
    await database.close();
  }
}

describe("moving an embedded site to a PostgreSQL server", () => {
  it("copies 10,000 tips, their likes and photos, compares every table and photo, and serves from the server", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const site = await embeddedSite(dataDir, base);
    const to = await emptyServerDatabase();

    // Run as the operations guide says, from a shell whose BASE_URL is not the site's (here: none, so the
    // default): the photos must show on the moved site all the same.
    const moved = await run({ DATA_DIR: dataDir, BASE_URL: "" }, ["--to", to]);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/^ {2}public\.tips +10000$/m);
    expect(moved.stdout).toMatch(new RegExp(`^ {2}public\\.tip_likes +${site.likes}$`, "m"));
    expect(moved.stdout).toContain(`Photos: ${PHOTOS * 3} checked by SHA-256`);
    expect(moved.stdout).toContain("Photos as visitors of the moved site will see them: each one shows");
    expect(moved.stdout).toContain("Nothing was lost.");

    // Counted on the server itself: the rows are there, and the photos are where the site keeps them.
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    try {
      const counts = await client.query(
        "select (select count(*) from tips)::int as tips, (select count(*) from tip_likes)::int as likes, (select count(*) from photo_uploads)::int as photos",
      );
      expect(counts.rows[0]).toEqual({ tips: TIPS, likes: site.likes, photos: PHOTOS });
      // Kept without an address, so they show under whatever address the site has.
      const bound = await client.query("select images from tips where images ~ '^https?://[^/]+/uploads/'");
      expect(bound.rows).toEqual([]);
      const tricky = await client.query("select description from tips where title = 'Moved tip 7'");
      expect(tricky.rows[0]?.description).toBe(
        "Tip 7, with a quote ' and a line\nINSERT INTO public.tips VALUES ('not a row');",
      );
    } finally {
      await client.end();
    }
    for (const [name, hash] of site.photoFiles)
      expect(sha256(readFileSync(path.join(dataDir, "uploads", name)))).toBe(hash);

    // The site, started on the server, serves what it had, photos and likes included.
    const server = await serveSite({ DATA_DIR: dataDir, DATABASE_URL: to }, { port });
    try {
      const liked = await fetch(`${base}/api/tips/${site.likedTip}`);
      expect(liked.status).toBe(200);
      const tip = (await liked.json()) as { images: string; totalLiked: number };
      expect(tip.images).toBe(site.photoUrls[0]);
      expect(tip.totalLiked).toBe(2);
      const name = site.photoUrls[0]?.split("/").at(-1) ?? "";
      expect(await fetched(site.photoUrls[0] ?? "")).toEqual({
        status: 200,
        sha256: site.photoFiles.get(name),
      });
    } finally {
      await server.stop();
    }

    // A second move into the now full database is refused, and so is a move while the site runs.
    const again = await run({ DATA_DIR: dataDir, BASE_URL: base }, ["--to", to]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The target database is not empty/m);
  }, 300_000);

  it("with S3_* set, copies every photo to the bucket, checks each there, and the tips then show them from it", async () => {
    const bucketDir = tempDir();
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      directory: bucketDir,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port: s3Port } = await s3.run();
    try {
      const endpoint = `http://127.0.0.1:${s3Port}`;
      const publicUrl = `${endpoint}/${BUCKET}`;
      const s3Env = {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_PUBLIC_URL: publicUrl,
      };
      const dataDir = tempDir();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const site = await embeddedSite(dataDir, base, { tips: 40, photos: 3 });
      const to = await emptyServerDatabase();

      const moved = await run({ DATA_DIR: dataDir, BASE_URL: base, ...s3Env }, ["--to", to]);
      expect(moved.stderr).toBe("");
      expect(moved.code).toBe(0);
      expect(moved.stdout).toContain(
        `Photos: 9 checked by SHA-256 in bucket ${BUCKET} at 127.0.0.1:${s3Port}, 9 copied there`,
      );
      expect(moved.stdout).toContain("Nothing was lost.");

      // Every photo file is in the bucket, byte for byte.
      for (const [name, hash] of site.photoFiles)
        expect(await fetched(`${publicUrl}/uploads/${name}`), name).toEqual({ status: 200, sha256: hash });

      // The site started on the server and the bucket names the bucket in its tips, and the photo is there.
      const server = await serveSite({ DATA_DIR: dataDir, DATABASE_URL: to, ...s3Env }, { port });
      try {
        const res = await fetch(`${base}/api/tips/${site.likedTip}`);
        expect(res.status).toBe(200);
        const { images } = (await res.json()) as { images: string };
        const name = site.photoUrls[0]?.split("/").at(-1) ?? "";
        expect(images).toBe(`${publicUrl}/uploads/${name}`);
        expect(await fetched(images)).toEqual({ status: 200, sha256: site.photoFiles.get(name) });
      } finally {
        await server.stop();
      }
    } finally {
      await s3.close();
    }
  }, 180_000);

  it("moves, and backs up, a DATA_DIR an earlier release left before this one ever started on it", async () => {
    // The release before photos were records kept each uploaded photo as an address, sizes on the upload.
    const dataDir = tempDir();
    const earlier = await databaseBefore("0036", { dataDir, engine: "pglite" });
    const hash = randomBytes(16).toString("hex");
    const key = photoName(hash, 1000, 750);
    await earlier.db.execute(sql`
      insert into users (id, name, email, email_verified, image)
      values ('u-early', 'Early', 'early@example.com', true, ${`/uploads/${key}`})`);
    await earlier.db.execute(
      sql`insert into photo_uploads (hash, owner_id, width, height) values (${hash}, 'u-early', 1000, 750)`,
    );
    await earlier.db.execute(sql`
      insert into tips (title, plant_type, difficulty, description, category, author_id, name, email, images)
      values ('Early tip', 'Rose', 'Easy', 'Written by the earlier release.', 'Plant Care', 'u-early', '', '',
              ${`/uploads/${key}`})`);
    await earlier.close();
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    for (const name of filesOfPhoto({ hash, key, width: 1000 }))
      writeFileSync(path.join(dataDir, "uploads", name), randomBytes(500));

    const to = await emptyServerDatabase();
    const moved = await run({ DATA_DIR: dataDir, BASE_URL: "" }, ["--to", to]);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain("Photos: 3 checked by SHA-256");
    expect(moved.stdout).toContain("Photos as visitors of the moved site will see them: each one shows");
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    try {
      const records = await client.query("select hash, storage_key, width, height from photos");
      expect(records.rows).toEqual([{ hash, storage_key: key, width: 1000, height: 750 }]);
    } finally {
      await client.end();
    }

    // The move only read the folder; a backup of it brings it up to this release first, and holds the photo.
    const file = path.join(tempDir(), "early.tar.gz");
    const backedUp = await runNpmScript("backup", ["--out", file], { DATA_DIR: dataDir, BASE_URL: "" });
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^The database was an earlier release's: brought up to this one/m);
    expect(backedUp.stdout).toMatch(/^ {2}photos: 3 files/m);
  }, 120_000);

  it("refuses while the embedded site is running, and says what to do", async () => {
    // Already migrated (ADR 047): the site's first start is not what this test is about.
    const dataDir = await migratedDataDir();
    const server = await serveSite({ DATA_DIR: dataDir });
    const base = server.base;
    try {
      const refused = await run({ DATA_DIR: dataDir, BASE_URL: base }, ["--to", await emptyServerDatabase()]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Stop the site before moving it\.$/m);
      const bad = await run({ DATA_DIR: dataDir, BASE_URL: base }, ["--to", "mysql://nowhere"]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^Usage: npm run move -- --to postgres:\/\//m);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
