import { type AnyColumn, and, eq, gt, ne, type SQL, sql } from "drizzle-orm";
import { photoFiles } from "#shared/photos.ts";
import type { Db } from "../../db/client.ts";
import { violatedForeignKey } from "../../db/errors.ts";
import { recordColumns, type StoredPhoto } from "../../db/photo-columns.ts";
import { photos, photoUploads, tips, users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { runEvery } from "../../lib/periodic.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { fileAt, type PhotoStorage } from "../../storage/photo-storage.ts";
import type { ProcessedPhoto } from "./photo-processing.ts";

/** How long an uploaded photo that nothing uses is kept: time to finish the form it was chosen in. */
const UNUSED_PHOTO_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Said when a form names a photo of ours that is no longer stored. */
export const PHOTO_GONE =
  "This photo is no longer stored here (an upload nothing used for a day is deleted): upload it again.";

/**
 * An address of this site's storage whose photo has no record (any more): deleted as unused while its
 * form stayed open, or never stored. Kept as a link it would show a missing picture forever.
 */
export class PhotoGoneError extends HttpError {
  constructor() {
    super(400, PHOTO_GONE);
  }
}

const recordWhere = async (db: Db, where: SQL): Promise<StoredPhoto | null> =>
  (await db.select(recordColumns).from(photos).where(where).limit(1))[0] ?? null;

/**
 * Writes the photo's files unless the storage has the photo itself: the narrower copies are written
 * before it, and deletePhoto deletes it first, so the photo there means its copies are there too. One
 * question to the storage (a bucket's round trip) per upload.
 */
async function writeMissingFiles(storage: PhotoStorage, photo: ProcessedPhoto) {
  const [main, ...copies] = photo.files;
  if (!main || (await storage.exists(main.name))) return;
  for (const file of [...copies, main]) await storage.put(file.name, file.bytes, "image/webp");
}

/**
 * Stores a processed photo once and records that `ownerId` uploaded it now; answers the photo's record as
 * stored. The files are written before the record, so a record a form can name has its files. A photo
 * being deleted meanwhile (deletePhoto holds its record until its files are gone) is stored anew: the
 * record is inserted again, and the files deleted after this checked them are written again.
 */
export async function storePhoto(
  db: Db,
  storage: PhotoStorage,
  photo: ProcessedPhoto,
  ownerId: string,
  now = new Date(),
): Promise<StoredPhoto> {
  const main = photo.files[0];
  if (!main) throw new Error("A processed photo has no files");
  await writeMissingFiles(storage, photo);
  const { record, inserted } = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(photos)
      .values({ hash: photo.hash, storageKey: main.name, width: photo.width, height: photo.height })
      .onConflictDoNothing()
      .returning(recordColumns);
    await tx
      .insert(photoUploads)
      .values({ hash: photo.hash, ownerId, uploadedAt: now })
      .onConflictDoUpdate({ target: [photoUploads.hash, photoUploads.ownerId], set: { uploadedAt: now } });
    const stored = added ?? (await recordWhere(tx, eq(photos.hash, photo.hash)));
    if (!stored) throw new Error("The photo's record is neither new nor stored");
    return { record: stored, inserted: Boolean(added) };
  });
  if (inserted) await writeMissingFiles(storage, photo);
  return record;
}

/**
 * The uploaded photo `address` shows, when it is the address this site's storage gives one of its photos
 * today; null for any other address (a picture linked from elsewhere). The storage is asked which of its
 * files the address names, and the record is looked up by that name: nothing is read out of the address.
 */
export async function photoAt(db: Db, storage: PhotoStorage, address: string): Promise<StoredPhoto | null> {
  const key = fileAt(storage, address);
  return key ? recordWhere(db, eq(photos.storageKey, key)) : null;
}

/** The record of the photo `hash`, or null when there is none. */
export const photoRecord = (db: Db, hash: string): Promise<StoredPhoto | null> =>
  recordWhere(db, eq(photos.hash, hash));

/**
 * What a row stores for an image a client sent: an uploaded photo of ours by its hash, anything else (a
 * picture linked from elsewhere) as the address it is, "" or null as no image. An address of our storage
 * with no photo recorded for it is refused (PhotoGoneError).
 */
export async function imageToStore(
  db: Db,
  storage: PhotoStorage,
  address: string | null | undefined,
): Promise<{ linked: string | null; photoHash: string | null }> {
  if (!address) return { linked: null, photoHash: null };
  const key = fileAt(storage, address);
  if (!key) return { linked: address, photoHash: null };
  const photo = await recordWhere(db, eq(photos.storageKey, key));
  if (!photo) throw new PhotoGoneError();
  return { linked: null, photoHash: photo.hash };
}

/**
 * Runs a write of a row that names an uploaded photo by hash: a photo deleted since `imageToStore` looked
 * it up fails the row's reference to it, which is the member's PhotoGoneError rather than a server error.
 */
export async function writingPhoto<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedForeignKey(error)?.endsWith("_photo_hash_photos_hash_fk")) throw new PhotoGoneError();
    throw error;
  }
}

/** Whether a tip or a profile shows the photo with this hash. */
const photoInUse = (hash: string | AnyColumn) => sql`(
  exists (select 1 from ${tips} where ${tips.photoHash} = ${hash})
  or exists (select 1 from ${users} where ${users.photoHash} = ${hash})
)`;

/**
 * Deletes the record of the photo `hash` and its uploads when nothing shows it and `still` holds as it
 * goes, then its files, in one transaction that holds the record until they are gone (ADR 065); whether it
 * did. A tip or profile that starts showing the photo meanwhile keeps it.
 */
async function deletePhoto(db: Db, storage: PhotoStorage, hash: string, still: SQL): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(photos)
        .where(and(eq(photos.hash, hash), sql`not ${photoInUse(hash)}`, still))
        .returning(recordColumns);
      if (!gone) return false;
      // Deleted while the record is held: an upload of the same photo meanwhile waits for this to end, then
      // records it anew and writes its files again. A file left by a failure here is deleted by the next try.
      for (const name of photoFiles(gone)) await storage.delete(name);
      return true;
    });
  } catch (error) {
    // A tip or profile that started showing the photo meanwhile keeps it.
    if (violatedForeignKey(error) !== null) return false;
    throw error;
  }
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
