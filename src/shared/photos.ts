/**
 * Uploaded photos (ADR 021), as both sides see them. The server stores each photo as one WebP whose long
 * side is at most 2048 px, plus narrower copies for `srcset`, under content-addressed names that carry
 * the size:
 *
 *   /uploads/<hash>-<width>x<height>.webp   the photo (its URL is what tips and profiles store)
 *   /uploads/<hash>-<width>w.webp           a narrower copy, for each of PHOTO_WIDTHS below the width
 *
 * So a page knows from the URL alone the photo's size (width/height attributes, no layout shift) and
 * which narrower copies exist (srcset), without asking the server.
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

/** Every file of one photo: the photo first, then its narrower copies. */
export function photoFileNames(hash: string, width: number, height: number): string[] {
  return [photoName(hash, width, height), ...photoVariantWidths(width).map((w) => photoVariantName(hash, w))];
}

/** Whether `name` is the name of a stored file (a photo or one of its copies). */
export function isPhotoFileName(name: string): boolean {
  return PHOTO_NAME.test(name) || VARIANT_NAME.test(name);
}

export interface PhotoInfo {
  hash: string;
  width: number;
  height: number;
  /** Every size there is, narrowest first, for an img's srcset: "url 480w, url 960w, ...". */
  srcSet: string;
}

/**
 * What an uploaded photo's URL tells: its size and its narrower copies. Null for any other URL (a link
 * to a picture elsewhere, a shipped image), which is shown as it is.
 */
export function parsePhotoUrl(url: string | null | undefined): PhotoInfo | null {
  if (!url) return null;
  const slash = url.lastIndexOf("/");
  const directory = url.slice(0, slash + 1);
  if (!directory.endsWith("/uploads/")) return null;
  const match = PHOTO_NAME.exec(url.slice(slash + 1));
  if (!match) return null;
  const [, hash = "", w = "", h = ""] = match;
  const width = Number(w);
  const height = Number(h);
  const sizes = photoVariantWidths(width).map((vw) => `${directory}${photoVariantName(hash, vw)} ${vw}w`);
  return { hash, width, height, srcSet: [...sizes, `${url} ${width}w`].join(", ") };
}
