import { type AnyColumn, and, eq, gt, ne, type SQL, sql } from "drizzle-orm";
import { photoFiles } from "#shared/photos.ts";
import type { Db } from "../../db/client.ts";
import type { StoredPhoto } from "../../db/photo-columns.ts";
import { photos, photoUploads, tips, users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import { fileAt, type PhotoStorage } from "../../storage/photo-storage.ts";
import type { ProcessedPhoto } from "./photo-processing.ts";

/** How long an uploaded photo that nothing uses is kept: time to finish the form it was chosen in. */
const UNUSED_PHOTO_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a processed photo once and records that `ownerId` uploaded it now. The narrower copies are
 * written before the photo itself, so a photo that exists has all its files: the same photo uploaded
 * again (by anyone) is not written again. Answers the photo's record.
 */
export async function storePhoto(
  db: Db,
  storage: PhotoStorage,
  photo: ProcessedPhoto,
  ownerId: string,
  now = new Date(),
): Promise<StoredPhoto> {
  const [main, ...copies] = photo.files;
  if (!main) throw new Error("A processed photo has no files");
  if (!(await storage.exists(main.name))) {
    for (const file of [...copies, main]) await storage.put(file.name, file.bytes, "image/webp");
  }
  const record = { hash: photo.hash, key: main.name, width: photo.width, height: photo.height };
  await db.transaction(async (tx) => {
    await tx
      .insert(photos)
      .values({ hash: record.hash, storageKey: record.key, width: record.width, height: record.height })
      .onConflictDoNothing();
    await tx
      .insert(photoUploads)
      .values({ hash: photo.hash, ownerId, uploadedAt: now })
      .onConflictDoUpdate({ target: [photoUploads.hash, photoUploads.ownerId], set: { uploadedAt: now } });
  });
  return record;
}

/**
 * The uploaded photo `address` shows, when it is the address this site's storage gives one of its photos
 * today; null for any other address (a picture linked from elsewhere). The storage is asked which of its
 * files the address names, and the record is looked up by that name: nothing is read out of the address.
 */
export async function photoAt(db: Db, storage: PhotoStorage, address: string): Promise<StoredPhoto | null> {
  const key = fileAt(storage, address);
  if (!key) return null;
  const [row] = await db
    .select({ hash: photos.hash, key: photos.storageKey, width: photos.width, height: photos.height })
    .from(photos)
    .where(eq(photos.storageKey, key))
    .limit(1);
  return row ?? null;
}

/** The record of the photo `hash`, or null when there is none. */
export async function photoRecord(db: Db, hash: string): Promise<StoredPhoto | null> {
  const [row] = await db
    .select({ hash: photos.hash, key: photos.storageKey, width: photos.width, height: photos.height })
    .from(photos)
    .where(eq(photos.hash, hash))
    .limit(1);
  return row ?? null;
}

/**
 * What a row stores for an image a client sent: an uploaded photo of ours by its hash, anything else (a
 * picture linked from elsewhere) as the address it is, "" or null as no image.
 */
export async function imageToStore(
  db: Db,
  storage: PhotoStorage,
  address: string | null | undefined,
): Promise<{ linked: string | null; photoHash: string | null }> {
  if (!address) return { linked: null, photoHash: null };
  const photo = await photoAt(db, storage, address);
  return photo ? { linked: null, photoHash: photo.hash } : { linked: address, photoHash: null };
}

/** Whether a tip or a profile shows the photo with this hash. */
const photoInUse = (hash: string | AnyColumn) => sql`(
  exists (select 1 from ${tips} where ${tips.photoHash} = ${hash})
  or exists (select 1 from ${users} where ${users.photoHash} = ${hash})
)`;

/**
 * Deletes the record of the photo `hash` and its uploads when `still` holds as it goes, then its files;
 * whether it did. Run in one statement, so a tip that starts showing the photo meanwhile keeps it.
 */
async function deletePhoto(db: Db, storage: PhotoStorage, hash: string, still: SQL): Promise<boolean> {
  const [gone] = await db
    .delete(photos)
    .where(and(eq(photos.hash, hash), sql`not ${photoInUse(hash)}`, still))
    .returning({ hash: photos.hash, key: photos.storageKey, width: photos.width });
  if (!gone) return false;
  for (const name of photoFiles(gone)) await storage.delete(name);
  return true;
}

/**
 * After a tip is deleted or its image replaced: deletes the uploaded photo `hash` when nothing uses it
 * any more, unless another account uploaded the same photo within the last day (it may be in a form that
 * is not sent yet).
 */
export async function releasePhoto(
  db: Db,
  storage: PhotoStorage,
  hash: string | null,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<boolean> {
  if (!hash) return false;
  const cutoff = new Date(now.getTime() - UNUSED_PHOTO_LIFETIME_MS);
  const newer = db
    .select({ hash: photoUploads.hash })
    .from(photoUploads)
    .where(
      and(eq(photoUploads.hash, hash), ne(photoUploads.ownerId, userId), gt(photoUploads.uploadedAt, cutoff)),
    );
  return deletePhoto(db, storage, hash, sql`not exists ${newer}`);
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
    // A photo whose uploaders have all left counts from when it was first stored.
    const stale = await db
      .select({ hash: photos.hash })
      .from(photos)
      .leftJoin(photoUploads, eq(photoUploads.hash, photos.hash))
      .where(sql`not ${photoInUse(photos.hash)}`)
      .groupBy(photos.hash)
      .having(
        sql`coalesce(max(${photoUploads.uploadedAt}), max(${photos.createdAt})) < ${cutoff.toISOString()}::timestamptz`,
      )
      .limit(batch);
    let found = 0;
    for (const { hash } of stale) {
      // Checked again as it goes: an upload or a tip since the select keeps the photo.
      const newer = sql`exists (select 1 from ${photoUploads} where ${photoUploads.hash} = ${hash} and ${photoUploads.uploadedAt} >= ${cutoff.toISOString()}::timestamptz)`;
      if (await deletePhoto(db, storage, hash, sql`not ${newer}`)) found += 1;
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
