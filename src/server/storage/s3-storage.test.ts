import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TipSchema } from "#shared/schemas/tip.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { dataExports, users } from "../db/schema.ts";
import { silentLogger } from "../lib/logger.ts";
import { runDueDeletions } from "../modules/account-data/index.ts";
import { createClient, newAccount } from "../test/http-client.ts";
import { phonePhoto, photoForm } from "../test/photo-fixtures.ts";
import { createTestApp } from "../test/test-db.ts";
import { createArchiveStore } from "./create-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/**
 * The S3 path against a local S3-compatible server (s3rver on 127.0.0.1, a random port, a temporary
 * folder): nothing leaves the machine.
 */
let s3: S3rver;
let folder: string;
let endpoint: string;
const BUCKET = "garden-photos";
// s3rver's own fixed credentials.
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

beforeAll(async () => {
  folder = mkdtempSync(path.join(os.tmpdir(), "garden-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: folder,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("photos in an S3-compatible bucket", () => {
  it("are uploaded to the bucket, served by this server from it, and deleted from it", async () => {
    const storage = createS3Storage({ endpoint, bucket: BUCKET, ...KEYS, baseUrl: "http://localhost" });
    const ctx = await createTestApp({ storage, config: { RATE_LIMIT: false } });
    try {
      const client = createClient(ctx.app);
      expect((await client.post("/api/auth/sign-up/email", newAccount())).status).toBe(200);
      const res = await client.postForm(
        "/api/uploads",
        photoForm(await phonePhoto({ width: 1200, height: 900, orientation: 1, seed: 7 })),
        { schema: UploadedPhotoSchema },
      );
      expect(res.status).toBe(201);
      // Without a public URL for the bucket, this server serves the photos (the bucket may stay private).
      expect(res.body.url).toMatch(/^http:\/\/localhost\/uploads\/[0-9a-f]{32}-1200x900\.webp$/);
      const name = res.body.url.split("/").at(-1) ?? "";
      expect(await storage.exists(name)).toBe(true);

      const served = await ctx.app.request(res.body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const bytes = new Uint8Array(await served.arrayBuffer());
      const stored = await storage.get(name);
      expect(new Uint8Array(await new Response(stored?.body).arrayBuffer())).toEqual(bytes);
      expect(stored?.size).toBe(bytes.byteLength);

      // The tip that showed it is deleted: so are the photo and its narrower copies.
      const tip = await client.post(
        "/api/tips",
        {
          title: "Bucket tomatoes",
          plantType: "Tomato",
          difficulty: "Easy",
          description: "Grown in a bucket, stored in one.",
          category: "Vegetables",
          images: res.body.url,
        },
        { schema: TipSchema },
      );
      expect((await client.delete(`/api/tips/${tip.body._id}`)).status).toBe(204);
      const hash = res.body.hash;
      expect(await storage.exists(name)).toBe(false);
      expect(await storage.exists(`${hash}-480w.webp`)).toBe(false);
      expect((await ctx.app.request(res.body.url)).status).toBe(404);
      expect(await storage.get(name)).toBeNull();
    } finally {
      await ctx.close();
    }
  });

  it("answer URLs on the bucket's public address (a CDN) when S3_PUBLIC_URL is set", async () => {
    const storage = createS3Storage({
      endpoint,
      bucket: BUCKET,
      ...KEYS,
      baseUrl: "http://localhost",
      publicUrl: "https://cdn.example.com/garden/",
    });
    expect(storage.publicUrl("abc.webp")).toBe("https://cdn.example.com/garden/uploads/abc.webp");
    await storage.put("a-test.webp", new Uint8Array([1, 2, 3]), "image/webp");
    expect(await storage.exists("a-test.webp")).toBe(true);
    await storage.delete("a-test.webp");
    await storage.delete("a-test.webp");
    expect(await storage.exists("a-test.webp")).toBe(false);
  });
});

describe("members' data exports in the bucket", () => {
  it("are written in parts under exports/, read back whole, and leave nothing when a write fails", async () => {
    const storage = createS3Storage({ endpoint, bucket: BUCKET, ...KEYS, baseUrl: "http://localhost" });
    const archives = createArchiveStore({ DATA_DIR: folder, S3_BUCKET: BUCKET }, storage);
    expect(archives.describe).toBe(`bucket ${BUCKET}, exports/`);
    // 20 MB in 1 MB pieces: three parts of the multipart upload, never all in memory at once.
    const piece = randomBytes(1024 * 1024);
    const sent = createHash("sha256");
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i += 1) {
          sent.update(piece);
          yield piece;
        }
      })(),
    );
    const name = "0b5c9a4e-7d1f-4c1e-9a57-2f0a4c1e9a57-abc123.zip";
    expect(await archives.write(name, body)).toBe(20 * 1024 * 1024);
    expect((await archives.list()).map((file) => file.name)).toEqual([name]);
    const read = await archives.read(name);
    expect(read?.size).toBe(20 * 1024 * 1024);
    const got = createHash("sha256");
    for await (const chunk of read?.body ?? []) got.update(chunk as Buffer);
    expect(got.digest("hex")).toBe(sent.digest("hex"));
    // Not a photo: the photo route does not serve it.
    const ctx = await createTestApp({ storage });
    try {
      expect((await ctx.app.request(`/uploads/${name}`)).status).toBe(404);
    } finally {
      await ctx.close();
    }
    await archives.delete(name);
    expect(await archives.read(name)).toBeNull();

    const broken = Readable.from(
      (function* () {
        yield piece;
        throw new Error("the build stopped");
      })(),
    );
    await expect(archives.write("0b5c9a4e-7d1f-4c1e-9a57-2f0a4c1e9a57-def456.zip", broken)).rejects.toThrow(
      "the build stopped",
    );
    expect(await archives.read("0b5c9a4e-7d1f-4c1e-9a57-2f0a4c1e9a57-def456.zip")).toBeNull();
  });
});

describe("a deleted account's files in the bucket", () => {
  it("are gone from it once the deletion is done: photos, their copies and the copy of their data", async () => {
    const storage = createS3Storage({ endpoint, bucket: BUCKET, ...KEYS, baseUrl: "http://localhost" });
    const archives = createArchiveStore({ DATA_DIR: folder, S3_BUCKET: BUCKET }, storage);
    const ctx = await createTestApp({ storage, archives, config: { RATE_LIMIT: false } });
    try {
      const client = createClient(ctx.app);
      const account = newAccount();
      const signUp = await client.post("/api/auth/sign-up/email", account, {
        schema: z.object({ user: z.object({ id: z.string() }) }),
      });
      const photo = await client.postForm("/api/uploads", photoForm(await phonePhoto({ seed: 11 })), {
        schema: UploadedPhotoSchema,
      });
      const name = photo.body.url.split("/").at(-1) ?? "";
      const tip = await client.post(
        "/api/tips",
        {
          title: "Bucket beans",
          plantType: "Bean",
          difficulty: "Easy",
          description: "Up a pole.",
          category: "Vegetables",
          images: photo.body.url,
        },
        { schema: TipSchema },
      );
      expect(tip.status, tip.text).toBe(201);
      await archives.write(`${randomBytes(4).toString("hex")}-x.zip`, Readable.from([Buffer.from("zip")]));
      const exportName = (await archives.list())[0]?.name ?? "";
      await ctx.db.insert(dataExports).values({
        userId: signUp.body.user.id,
        state: "ready",
        fileName: exportName,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const [row] = await ctx.db
        .select({ handle: users.handle })
        .from(users)
        .where(eq(users.id, signUp.body.user.id));
      const asked = await client.post(
        "/api/account/delete",
        { password: account.password, handle: row?.handle, keep: "nothing" },
        { schema: z.object({ dueAt: z.string() }) },
      );
      expect(asked.status, asked.text).toBe(202);
      const deps = { db: ctx.db, storage, archives, baseUrl: "http://localhost", logger: silentLogger };
      const run = await runDueDeletions(deps, {
        now: new Date(Date.parse(asked.body.dueAt) + 60_000),
        onlyUserId: signUp.body.user.id,
      });
      expect(run.deleted).toBe(1);
      expect(await storage.exists(name)).toBe(false);
      expect(await storage.exists(`${photo.body.hash}-480w.webp`)).toBe(false);
      expect(await archives.read(exportName)).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});
