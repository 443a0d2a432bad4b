// Uploaded photos, one record each: what tips and profiles show when a member uploads a picture.
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One stored photo (ADR 063), named by the hash of its bytes: the same picture uploaded twice is one
 * record. `storageKey` is the name its main file has in the storage; its narrower copies are named from
 * the hash and their width (src/shared/photos.ts). Tips and profiles refer to it by hash, and an answer
 * builds its address from the storage the site has today, so no stored row names an address. Who
 * uploaded it, and when, are the rows of photo_uploads.
 */
export const photos = pgTable("photos", {
  hash: text("hash").primaryKey(),
  storageKey: text("storage_key").notNull().unique(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
