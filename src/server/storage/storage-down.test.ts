import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { photoUploads } from "../db/schema.ts";
import { createClient, newAccount } from "../test/http-client.ts";
import { phonePhoto, photoForm } from "../test/photo-fixtures.ts";
import { freePort } from "../test/server-process.ts";
import { createTestApp } from "../test/test-db.ts";
import { STORAGE_UNAVAILABLE } from "./photo-storage.ts";
import { createS3Storage } from "./s3-storage.ts";

/**
 * The object storage goes away for a while (docs/operations.md): an upload meanwhile answers 503 with a
 * plain message and keeps nothing, and uploads work again once the storage is back, with nothing to
 * restart. A local S3-compatible server (s3rver) is stopped and started again on the same port and folder.
 */
const BUCKET = "garden-photos";
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const folder = mkdtempSync(path.join(os.tmpdir(), "garden-s3-down-"));
let s3: S3rver | null = null;

async function startS3(port: number) {
  s3 = new S3rver({
    address: "127.0.0.1",
    port,
    directory: folder,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
}

afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("object storage down during an upload", () => {
  it("answers 503 with a plain message, keeps no photo, and takes photos again once it is back", async () => {
    const port = await freePort();
    await startS3(port);
    const storage = createS3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      ...KEYS,
      baseUrl: "http://localhost",
    });
    const ctx = await createTestApp({ storage, config: { RATE_LIMIT: false } });
    try {
      const client = createClient(ctx.app);
      const account = newAccount();
      expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
      const photo = await phonePhoto({ width: 1000, height: 750, orientation: 1, seed: 31 });

      await s3?.close();
      s3 = null;
      const refused = await client.postForm("/api/uploads", photoForm(photo));
      expect(refused.status).toBe(503);
      // Longer than the web app's own wait for a busy server: the member is told at once.
      expect(Number(refused.headers.get("Retry-After"))).toBe(60);
      expect(ApiErrorSchema.parse(refused.body).message).toBe(STORAGE_UNAVAILABLE);
      // Nothing recorded as uploaded, and nothing in the bucket's folder.
      const [user] = await ctx.db.query.users.findMany({
        where: (users, { eq }) => eq(users.email, account.email),
      });
      expect(
        await ctx.db
          .select()
          .from(photoUploads)
          .where(eq(photoUploads.ownerId, user?.id ?? "")),
      ).toEqual([]);
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? files(path.join(dir, entry.name)) : [entry.name],
        );
      expect(files(folder).filter((name) => name.includes(".webp"))).toEqual([]);

      await startS3(port);
      const stored = await client.postForm("/api/uploads", photoForm(photo), { schema: UploadedPhotoSchema });
      expect(stored.status).toBe(201);
      expect((await ctx.app.request(stored.body.url)).status).toBe(200);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
