import { describe, expect, it } from "vitest";
import { photoFiles, photoHashOfFile, photoName } from "./photos.ts";

const HASH = "0123456789abcdef0123456789abcdef";

describe("uploaded photo files", () => {
  it("are every file of a photo: its own, then a copy for each narrower width", () => {
    const key = photoName(HASH, 1000, 750);
    expect(key).toBe(`${HASH}-1000x750.webp`);
    expect(photoFiles({ hash: HASH, key, width: 1000 })).toEqual([
      key,
      `${HASH}-480w.webp`,
      `${HASH}-960w.webp`,
    ]);
    // A photo narrower than every copy is its own only size.
    expect(photoFiles({ hash: HASH, key: photoName(HASH, 300, 400), width: 300 })).toEqual([
      `${HASH}-300x400.webp`,
    ]);
  });

  it("name the photo they belong to, and any other name names none", () => {
    expect(photoHashOfFile(`${HASH}-1000x750.webp`)).toBe(HASH);
    expect(photoHashOfFile(`${HASH}-480w.webp`)).toBe(HASH);
    for (const name of ["..", "", `${HASH}-0x750.webp`, `${HASH}-1000x750.svg`, `../${HASH}-480w.webp`])
      expect(photoHashOfFile(name)).toBeNull();
  });
});
