import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { extract, pack } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";
import { tips } from "./db/schema.ts";
import { countRows } from "./ops/restore.ts";
import { newTip } from "./test/http-client.ts";
import { phonePhoto, photoForm } from "./test/photo-fixtures.ts";
import {
  freePort,
  migratedDataDir,
  runNpmScript,
  serveSite,
  signUp,
  tempDir,
} from "./test/server-process.ts";
import { createPostgresDatabase, testDriver } from "./test/test-db.ts";

/**
 * `npm run backup` and `npm run restore` as docs/operations.md has the operator run them, on the database
 * the run tests (PGlite in a DATA_DIR, or a PostgreSQL database): a backup taken while members write is
 * restored into an empty site, which then has every tip written before the backup began, none written
 * after it ended, the same photos byte for byte, and the members still signed in.
 */
const dropLater: Array<() => Promise<void>> = [];

/** A site's settings: its folder, its database, and the address it is served at. */
interface Site {
  dataDir: string;
  databaseUrl?: string;
  port: number;
  base: string;
}

/**
 * A site with no data yet: an empty DATA_DIR or PostgreSQL database, for a restore; or, `migrated`, one
 * this release already started on (the embedded one from the run's migrated snapshot, ADR 047), for the
 * site backed up, whose first start is not what this file tests.
 */
async function emptySite({ migrated = false } = {}): Promise<Site> {
  const dataDir = migrated && testDriver === "pglite" ? await migratedDataDir() : tempDir();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  if (testDriver === "pglite") return { dataDir, port, base };
  const created = await createPostgresDatabase("garden_backup");
  dropLater.push(created.drop);
  return { dataDir, databaseUrl: created.url, port, base };
}

const envOf = (site: Site) => ({
  DATA_DIR: site.dataDir,
  BASE_URL: site.base,
  ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl } : {}),
});

const run = (site: Site, script: string, args: string[]) => runNpmScript(script, args, envOf(site));

const serve = (site: Site) => serveSite({ ...envOf(site), RATE_LIMITS: "off" }, { port: site.port });

/** Copies the backup `from` to `to` with its manifest changed by `change`, every other entry as it was. */
async function withManifest(
  from: string,
  to: string,
  change: (manifest: Record<string, unknown>) => Record<string, unknown>,
) {
  const out = pack();
  const written = pipeline(out, createGzip(), createWriteStream(to));
  const unpack = extract();
  unpack.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
    stream.on("end", () => {
      let body = Buffer.concat(chunks);
      if (header.name === "manifest.json")
        body = Buffer.from(
          JSON.stringify(change(JSON.parse(body.toString("utf8")) as Record<string, unknown>)),
        );
      out.entry({ name: header.name, size: body.length }, body, next);
    });
  });
  await pipeline(createReadStream(from), createGunzip(), unpack);
  out.finalize();
  await written;
}

let source: Site;
let site: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  source = await emptySite({ migrated: true });
  site = await serve(source);
}, 120_000);

afterAll(async () => {
  await site?.stop();
  for (const drop of dropLater) await drop().catch(() => {});
});

describe("a backup of a running site", () => {
  it("taken while members write, restores into an empty site with the same rows, photos and sessions", async () => {
    const cookie = await signUp(site.base, "Careful Keeper", { confirmIn: source.dataDir });
    const upload = await fetch(`${site.base}/api/uploads`, {
      method: "POST",
      headers: { Origin: site.base, Cookie: cookie },
      body: photoForm(await phonePhoto({ width: 1200, height: 900, orientation: 1, seed: 11 })),
    });
    expect(upload.status).toBe(201);
    const photo = (await upload.json()) as { url: string };
    const photoPath = new URL(photo.url).pathname;
    const photoBytes = Buffer.from(await (await fetch(`${site.base}${photoPath}`)).arrayBuffer());
    const withPhoto = await fetch(`${site.base}/api/tips`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site.base, Cookie: cookie },
      body: JSON.stringify(newTip("Kept with its photo", { images: photo.url })),
    });
    expect(withPhoto.status).toBe(201);
    const photoTip = ((await withPhoto.json()) as { _id: string })._id;

    // Two members keep writing while the backup runs.
    const acknowledged: Array<{ id: string; at: number }> = [];
    let writing = true;
    const writer = async (who: string) => {
      while (writing) {
        const res = await fetch(`${site.base}/api/tips`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: site.base, Cookie: who },
          body: JSON.stringify(newTip(`Written during a backup ${randomUUID()}`)),
        });
        expect(res.status).toBe(201);
        acknowledged.push({ id: ((await res.json()) as { _id: string })._id, at: Date.now() });
      }
    };
    const writers = [
      writer(cookie),
      writer(await signUp(site.base, "Second Keeper", { confirmIn: source.dataDir })),
    ];
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);

    const file = path.join(tempDir(), "site.tar.gz");
    const began = Date.now();
    const backup = await run(source, "backup", ["--out", file]);
    const ended = Date.now();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written by the running server: .*site\.tar\.gz \(\d+(\.\d)? [KM]?B\)$/m,
    );
    expect(backup.stdout).toMatch(/photos: [1-9]\d* files/);
    // It holds every password hash and the site's secret: readable by its owner alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The writes went on while it ran.
    await expect.poll(() => acknowledged.filter((each) => each.at > ended).length).toBeGreaterThan(2);
    writing = false;
    await Promise.all(writers);

    const restored = await emptySite();
    const restore = await run(restored, "restore", [file]);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("every checksum right");
    expect(restore.stdout).toContain("Every table has the rows the backup holds.");

    const copy = await serve(restored);
    try {
      // The member's session came along: the same cookie is signed in on the restored site.
      const session = await fetch(`${copy.base}/api/auth/get-session`, { headers: { Cookie: cookie } });
      expect(((await session.json()) as { user?: { name: string } } | null)?.user?.name).toBe(
        "Careful Keeper",
      );
      // One written before the backup began is served; one written after it ended is not.
      const before = acknowledged.filter((each) => each.at < began).at(-1)?.id ?? "";
      const after = acknowledged.find((each) => each.at > ended)?.id ?? "";
      const tipOf = (id: string) => fetch(`${copy.base}/api/tips/${id}`, { headers: { Cookie: cookie } });
      expect((await tipOf(before)).status, `tip ${before}, written before the backup`).toBe(200);
      expect((await tipOf(after)).status, `tip ${after}, written after the backup`).toBe(404);
      // The restored site has an address of its own: the tip's photo names it.
      const tip = await fetch(`${copy.base}/api/tips/${photoTip}`, { headers: { Cookie: cookie } });
      expect(((await tip.json()) as { images: string }).images).toBe(`${copy.base}${photoPath}`);
      const served = await fetch(`${copy.base}${photoPath}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photoBytes)).toBe(true);
    } finally {
      await copy.stop();
    }

    const rowsOfRestored = async () => {
      const database = await openDatabase({ dataDir: restored.dataDir, databaseUrl: restored.databaseUrl });
      try {
        const ids = await database.db.select({ id: tips.id }).from(tips);
        return { counts: await countRows(database), tipIds: new Set(ids.map((row) => row.id)) };
      } finally {
        await database.close();
      }
    };
    const restoredRows = await rowsOfRestored();
    expect(restoredRows.counts["public.tips"]).toBeGreaterThan(10);
    // Every tip acknowledged before the backup began is in the restored site, and none after it ended
    // (read in one query: the site's answers for one of each are checked above).
    for (const { id, at } of acknowledged) {
      if (at < began) expect(restoredRows.tipIds.has(id), `tip ${id}, written before the backup`).toBe(true);
      else if (at > ended)
        expect(restoredRows.tipIds.has(id), `tip ${id}, written after the backup`).toBe(false);
    }

    // A second restore into the same site is refused without --force, and changes nothing.
    const again = await run(restored, "restore", [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The target database is not empty \(\d+ tables.*add --force/m);

    // A damaged file is refused before anything is touched, --force or not.
    const damaged = path.join(tempDir(), "damaged.tar.gz");
    const bytes = readFileSync(file);
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const refused = await run(restored, "restore", [damaged, "--force"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/damaged\.tar\.gz is not a whole backup file/);

    // A backup of a database a newer release migrated is refused by this one, which could not serve it.
    const newer = path.join(tempDir(), "newer.tar.gz");
    await withManifest(file, newer, (manifest) => ({
      ...manifest,
      migrations: Number(manifest.migrations) + 1,
    }));
    const older = await run(restored, "restore", [newer, "--force"]);
    expect(older.code).toBe(1);
    expect(older.stderr).toMatch(
      /^The backup comes from a newer release \(\d+ migrations; this one knows \d+\)/m,
    );
    // None of the refused restores touched the site, --force or not.
    expect(await rowsOfRestored()).toEqual(restoredRows);
  }, 180_000);
});
