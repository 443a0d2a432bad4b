// A tip as the module reads and writes it: one shape for every read that is answered.
import { getTableColumns } from "drizzle-orm";
import { photoOf, type StoredPhoto } from "../../db/photo-columns.ts";
import { tips } from "../../db/schema.ts";
/**
 * A tip as stored, with the record of the uploaded photo it shows; tip-dto.ts makes the API's shape of it.
 * Every read of a tip that is answered selects `tipColumns`.
 */
export const tipColumns = { ...getTableColumns(tips), photo: photoOf(tips.photoHash) };
export type TipRow = typeof tips.$inferSelect & { photo: StoredPhoto | null };

/** A tip's input as it is stored: the image a client sent, as `imageToStore` (uploads) resolved it. */
export type StoredTipInput<Input extends { images: string | null }> = Omit<Input, "images"> & {
  images: string | null;
  photoHash: string | null;
};
