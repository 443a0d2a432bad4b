import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { parsePhotoUrl, photoFileNames } from "#shared/photos.ts";
import type { Db } from "../../db/client.ts";
import { photoHashOf, photoUploads, tips, users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import type { PhotoStorage } from "../../storage/photo-storage.ts";
import type { ProcessedPhoto } from "./photo-processing.ts";

/** How long an uploaded photo that nothing uses is kept: time to finish the form it was chosen in. */
const UNUSED_PHOTO_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a processed photo once and records that `ownerId` uploaded it now. The narrower copies are
 * written before the photo itself, so a photo that exists has all its files: the same photo uploaded
 * again (by anyone) is not written again.
 */
export async function storePhoto(
  db: Db,
  storage: PhotoStorage,
  photo: ProcessedPhoto,
  ownerId: string,
  now = new Date(),
): Promise<string> {
  const [main, ...copies] = photo.files;
  if (!main) throw new Error("A processed photo has no files");
  if (!(await storage.exists(main.name))) {
    for (const file of [...copies, main]) await storage.put(file.name, file.bytes, "image/webp");
  }
  await db
    .insert(photoUploads)
    .values({ hash: photo.hash, ownerId, width: photo.width, height: photo.height, uploadedAt: now })
    .onConflictDoUpdate({
      target: [photoUploads.hash, photoUploads.ownerId],
      set: { uploadedAt: now },
    });
  return storage.publicUrl(main.name);
}

/** Whether a tip or a profile shows the photo with this hash. */
const photoInUse = (hash: string) => sql`(
  exists (select 1 from ${tips} where ${photoHashOf("images")} = ${hash})
  or exists (select 1 from ${users} where ${photoHashOf("image")} = ${hash})
)`;

async function deleteFiles(storage: PhotoStorage, hash: string, width: number, height: number) {
  for (const name of photoFileNames(hash, width, height)) await storage.delete(name);
}

/**
 * After a tip is deleted or its image replaced: deletes the uploaded photo `url` names when nothing uses
 * it any more, unless another account uploaded the same photo within the last day (it may be in a form
 * that is not sent yet). Any other URL is left alone.
 */
export async function releasePhoto(
  db: Db,
  storage: PhotoStorage,
  url: string | null,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<boolean> {
  const photo = parsePhotoUrl(url);
  if (!photo) return false;
  const cutoff = new Date(now.getTime() - UNUSED_PHOTO_LIFETIME_MS);
  const newer = db
    .select({ hash: photoUploads.hash })
    .from(photoUploads)
    .where(
      and(
        eq(photoUploads.hash, photo.hash),
        ne(photoUploads.ownerId, userId),
        gt(photoUploads.uploadedAt, cutoff),
      ),
    );
  const released = await db
    .delete(photoUploads)
    .where(
      and(eq(photoUploads.hash, photo.hash), sql`not ${photoInUse(photo.hash)}`, sql`not exists ${newer}`),
    )
    .returning({ width: photoUploads.width, height: photoUploads.height });
  const [first] = released;
  if (!first) return false;
  await deleteFiles(storage, photo.hash, first.width, first.height);
  return true;
}

/**
 * Deletes the photos no tip or profile uses whose newest upload is older than a day, a batch at a time;
 * returns how many. `now` is the clock, injected so tests can move it.
 */
export async function sweepUnusedPhotos(
  db: Db,
  storage: PhotoStorage,
  { now = new Date(), batch = 100 }: { now?: Date; batch?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_PHOTO_LIFETIME_MS);
  let deleted = 0;
  for (;;) {
    const stale = await db
      .select({ hash: photoUploads.hash })
      .from(photoUploads)
      .groupBy(photoUploads.hash)
      .having(sql`max(${photoUploads.uploadedAt}) < ${cutoff.toISOString()}::timestamptz`)
      .limit(batch);
    let found = 0;
    for (const { hash } of stale) {
      // Checked again as the rows go: an upload or a tip since the select keeps the photo.
      const released = await db
        .delete(photoUploads)
        .where(
          and(
            eq(photoUploads.hash, hash),
            lt(photoUploads.uploadedAt, cutoff),
            sql`not ${photoInUse(hash)}`,
            sql`not exists (select 1 from ${photoUploads} newer where newer.hash = ${hash} and newer.uploaded_at >= ${cutoff.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ width: photoUploads.width, height: photoUploads.height });
      const [first] = released;
      if (!first) continue;
      found += 1;
      await deleteFiles(storage, hash, first.width, first.height);
    }
    deleted += found;
    if (stale.length < batch || found === 0) return deleted;
  }
}

/**
 * Runs the sweep every `intervalMs` in the server process (and once soon after start). Several servers
 * may sweep at once: each photo's rows are deleted by one of them, which then deletes its files.
 */
export function startPhotoSweep({
  db,
  storage,
  logger,
  intervalMs = 60 * 60 * 1000,
}: {
  db: Db;
  storage: PhotoStorage;
  logger: Logger;
  intervalMs?: number;
}): () => void {
  return runEvery({
    name: "Deleting unused photos",
    everyMs: intervalMs,
    // A minute after start: the server's first requests go first.
    firstAfterMs: 60_000,
    logger,
    run: async () => {
      const deleted = await sweepUnusedPhotos(db, storage);
      if (deleted > 0) logger.info(`Deleted ${deleted} uploaded photo(s) nothing used for a day`);
    },
  });
}
