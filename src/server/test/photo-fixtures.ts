import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** A form as a browser sends a chosen file: the bytes, a name and a declared type the server ignores. */
export function photoForm(bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

/** GPS position a phone writes: 51°30'N 0°7'W. */
const GPS_EXIF = {
  IFD0: { Make: "PhoneCo", Model: "Pocket 12" },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 0/1",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 0/1",
  },
};

/**
 * A phone photo: `width` x `height` as stored, the left half red and the right half blue, with an EXIF
 * orientation (6: the camera was turned, show it rotated 90° clockwise) and the GPS position above.
 */
export async function phonePhoto({
  width = 400,
  height = 300,
  orientation = 6,
  seed = 0,
}: {
  width?: number;
  height?: number;
  orientation?: number;
  seed?: number;
} = {}): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 20, g: 40, b: 230 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 230, g: 20, b: 20 } } })
    .composite([
      { input: blue, left: half, top: 0 },
      // A green mark placed by the seed makes photos with different seeds different photos.
      ...(seed ? [{ input: await mark(), left: (seed * 13) % Math.max(1, half - 12), top: 4 }] : []),
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .withExifMerge(GPS_EXIF)
    .toBuffer();
}

function mark() {
  return sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .png()
    .toBuffer();
}

/** A small PNG, different for each `n`. */
export function smallPng(n: number): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
}

/**
 * A JPEG as large as the limits allow: `width` x `height` of noise (what a photo's detail costs a
 * decoder), about 6 MB at 6000 x 6600 (39.6 megapixels). Made by tiling one random square, which takes a
 * second or two instead of the ten that noise generated pixel by pixel takes.
 */
export async function noisyJpeg({ width = 6000, height = 6600 } = {}): Promise<Buffer> {
  const side = 512;
  const noise = randomBytes(side * side * 3).map((byte) => 100 + (byte & 0x3f));
  const tile = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#000" } })
    .composite([{ input: tile, tile: true }])
    .jpeg({ quality: 65 })
    .toBuffer();
}
