/**
 * Uploaded photos (ADR 021), as both sides see them. The server stores each photo as one WebP whose long
 * side is at most 2048 px, plus narrower copies for `srcset`, under content-addressed names that carry
 * the size:
 *
 *   <hash>-<width>x<height>.webp   the photo (its record's storage key)
 *   <hash>-<width>w.webp           a narrower copy, for each of PHOTO_WIDTHS below the width
 *
 * Tips and profiles refer to a photo's record by hash (ADR 063); the answers carry each photo's URL, size
 * and copies (PhotoView), so no one reads them back out of a URL.
 */

const MB = 1024 * 1024;

export const PHOTO_LIMITS = {
  /** The largest file accepted. */
  maxBytes: 10 * MB,
  /** The most pixels a photo may have (width x height): decompression bombs are refused. */
  maxPixels: 40_000_000,
  /** The long side of the stored photo. */
  maxSide: 2048,
  /** Uploads per account per hour. */
  perHour: 30,
  /** Uploads per client address per hour, whichever accounts send them. */
  perHourPerAddress: 100,
  /** Bytes of accepted uploads per account in 24 hours: some forty phone photos. */
  bytesPerDay: 200 * MB,
  /** Bytes of accepted uploads per client address in 24 hours, whichever accounts send them. */
  bytesPerDayPerAddress: 1024 * MB,
} as const;

/** The narrower copies made for srcset, where the photo is wider. */
const PHOTO_WIDTHS = [480, 960, 1440] as const;

/** The content types a photo may have; the server decides by the bytes, never by this list. */
export const PHOTO_ACCEPT = "image/*";

const HASH = "[0-9a-f]{32}";
const PHOTO_NAME = new RegExp(`^(${HASH})-([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\\.webp$`);
const VARIANT_NAME = new RegExp(`^(${HASH})-([1-9][0-9]{0,3})w\\.webp$`);

/** The file name of a stored photo. */
export function photoName(hash: string, width: number, height: number): string {
  return `${hash}-${width}x${height}.webp`;
}

/** The file name of a photo's copy `width` pixels wide. */
export function photoVariantName(hash: string, width: number): string {
  return `${hash}-${width}w.webp`;
}

/** The widths of the narrower copies a photo `width` pixels wide has. */
export function photoVariantWidths(width: number): number[] {
  return PHOTO_WIDTHS.filter((w) => w < width);
}

/** Every file of one photo: its main file (`key`, as its record names it), then its narrower copies. */
export function photoFiles(photo: { hash: string; key: string; width: number }): string[] {
  return [photo.key, ...photoVariantWidths(photo.width).map((w) => photoVariantName(photo.hash, w))];
}

/**
 * The hash of the photo a stored file belongs to (the photo itself or one of its copies), by the names
 * this module gives files; null for any other name. What a request for a file asks of the photo's record
 * (is it on hold?) is looked up by this hash.
 */
export function photoHashOfFile(name: string): string | null {
  return (PHOTO_NAME.exec(name) ?? VARIANT_NAME.exec(name))?.[1] ?? null;
}
