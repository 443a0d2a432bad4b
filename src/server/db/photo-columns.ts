import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { photos, users } from "./schema.ts";

/** An uploaded photo's record as the answers need it: its hash, the name of its file, its size. */
const StoredPhotoSchema = z.object({
  hash: z.string(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredPhoto = z.infer<typeof StoredPhotoSchema>;

/** A photo record as a driver hands a json column over: parsed already, or as text. */
export const storedPhotoOf = (value: unknown): StoredPhoto | null =>
  value === null || value === undefined
    ? null
    : StoredPhotoSchema.parse(typeof value === "string" ? JSON.parse(value) : value);

/** The columns of a photo's record, as `StoredPhoto` names them: for a select, or `returning`. */
export const recordColumns = {
  hash: photos.hash,
  key: photos.storageKey,
  width: photos.width,
  height: photos.height,
} satisfies Record<keyof StoredPhoto, AnyColumn>;

/**
 * The record of the photo a row refers to by `hash` (a tip's or an account's photo_hash), as a column any
 * select can carry beside the row's own: one lookup by primary key, no join to add to the query. Null when
 * the row shows no uploaded photo. For a row of another table than `photos` (a select from `photos` takes
 * `recordColumns`).
 */
export function photoOf(hash: AnyColumn | SQL): SQL<StoredPhoto | null> {
  // In a select from `photos` itself the two sides of the lookup would name the same column, and the
  // lookup would match every record: such a select takes `recordColumns`.
  if (hash === photos.hash) throw new Error("photoOf(photos.hash): select recordColumns from photos instead");
  const fields = Object.entries(recordColumns).map(
    ([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`,
  );
  return sql`(select json_build_object(${sql.join(fields, sql`, `)})
    from ${photos} where ${photos.hash} = ${hash})`.mapWith(storedPhotoOf);
}

/** An account's profile picture, for a select: the one it links, and the record of the one it uploaded. */
export const accountImage = () => ({ image: users.image, photo: photoOf(users.photoHash) });
