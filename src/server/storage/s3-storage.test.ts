import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TipSchema } from "#shared/schemas/tip.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { createClient, newAccount } from "../test/http-client.ts";
import { phonePhoto, photoForm } from "../test/photo-fixtures.ts";
import { createTestApp } from "../test/test-db.ts";
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
