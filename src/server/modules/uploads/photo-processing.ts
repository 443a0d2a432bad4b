import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { PHOTO_LIMITS, photoName, photoVariantName, photoVariantWidths } from "#shared/photos.ts";
import { HttpError } from "../../lib/requests/errors.ts";

/** One file of a processed photo, ready to store. */
interface PhotoFile {
  name: string;
  bytes: Uint8Array;
}

export interface ProcessedPhoto {
  hash: string;
  width: number;
  height: number;
  /** The photo first, then its narrower copies. */
  files: PhotoFile[];
}

type Format = "jpeg" | "png" | "webp" | "heif";

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** ISO-BMFF brands of HEIF images: HEIC (HEVC) and AVIF (AV1) photos, and the generic image brands. */
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]);

/**
 * The photo format the first bytes announce, or null. Decided by the content alone (never the file name
 * or the declared type), and before any decoder sees the bytes, so an SVG, an HTML page or a PDF never
 * reaches one.
 */
function sniffPhotoFormat(bytes: Uint8Array): Format | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "heif";
  return null;
}

const UNSUPPORTED_PHOTO = "Choose a photo in JPEG, PNG, WebP, AVIF or HEIC format";
const tooManyPixels = (megapixels: number) =>
  new HttpError(
    413,
    `The photo has ${megapixels} megapixels; at most ${PHOTO_LIMITS.maxPixels / 1_000_000} are accepted`,
  );

// Decode memory is bounded (ADR 030): libvips keeps no cache of decoded images between photos (its default
// holds up to 50 MB), and each photo is worked on by one thread; PhotoQueue decides how many run at once.
sharp.cache(false);
sharp.concurrency(1);

/** sharp's encoders are deterministic, so the same photo always gives the same bytes and the same name. */
const WEBP = { quality: 82, effort: 4 } as const;

/**
 * Makes a photo safe and light to publish: applies its orientation, drops every metadata block (EXIF with
 * the GPS position, XMP, IPTC; colours are converted to sRGB and the ICC profile dropped), fits the long
 * side within 2048 px, re-encodes it as WebP and makes narrower copies for srcset. The name is a hash of
 * the processed bytes, so the same photo is stored once.
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  const format = sniffPhotoFormat(input);
  if (!format) throw new HttpError(415, UNSUPPORTED_PHOTO);

  // The header alone gives the size: a decompression bomb is refused before anything is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, "This file could not be read as a photo");
  }
  // The decoder must agree with the first bytes (HEIC and AVIF are both "heif" to it).
  if (metadata.format !== format) throw new HttpError(415, UNSUPPORTED_PHOTO);
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > PHOTO_LIMITS.maxPixels) throw tooManyPixels(Math.ceil(pixels / 1_000_000));

  let main: { data: Buffer; info: OutputInfo };
  try {
    main = await sharp(input, { limitInputPixels: PHOTO_LIMITS.maxPixels, autoOrient: true })
      .resize({
        width: PHOTO_LIMITS.maxSide,
        height: PHOTO_LIMITS.maxSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(0);
    throw new HttpError(
      415,
      format === "heif"
        ? "This HEIC photo could not be read here; choose a JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible)"
        : "This file could not be read as a photo",
    );
  }
  const { width, height } = main.info;
  const hash = createHash("sha256").update(main.data).digest("hex").slice(0, 32);
  const files: PhotoFile[] = [{ name: photoName(hash, width, height), bytes: main.data }];
  for (const variantWidth of photoVariantWidths(width)) {
    const bytes = await sharp(main.data).resize({ width: variantWidth }).webp(WEBP).toBuffer();
    files.push({ name: photoVariantName(hash, variantWidth), bytes });
  }
  return { hash, width, height, files };
}
