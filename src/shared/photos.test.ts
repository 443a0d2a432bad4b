import { describe, expect, it } from "vitest";
import { isPhotoFileName, parsePhotoUrl, photoFileNames } from "./photos.ts";

const HASH = "0123456789abcdef0123456789abcdef";

describe("uploaded photo URLs", () => {
  it("tell the photo's size and its narrower copies for srcset", () => {
    expect(parsePhotoUrl(`https://garden.example/uploads/${HASH}-1536x2048.webp`)).toEqual({
      hash: HASH,
      width: 1536,
      height: 2048,
      srcSet: [
        `https://garden.example/uploads/${HASH}-480w.webp 480w`,
        `https://garden.example/uploads/${HASH}-960w.webp 960w`,
        `https://garden.example/uploads/${HASH}-1440w.webp 1440w`,
        `https://garden.example/uploads/${HASH}-1536x2048.webp 1536w`,
      ].join(", "),
    });
    // A photo narrower than every copy is its own only size.
    expect(parsePhotoUrl(`https://cdn.example/garden/uploads/${HASH}-300x400.webp`)?.srcSet).toBe(
      `https://cdn.example/garden/uploads/${HASH}-300x400.webp 300w`,
    );
  });

  it("are told apart from any other picture URL", () => {
    for (const url of [
      null,
      "",
      "https://images.example.com/tomato.jpg",
      "http://localhost:3000/images/default-plant.svg",
      `https://garden.example/uploads/${HASH}-480w.webp`,
      `https://garden.example/photos/${HASH}-1536x2048.webp`,
      `https://garden.example/uploads/${HASH}-1536x2048.webp?x=1`,
      `https://garden.example/uploads/${HASH.toUpperCase()}-1536x2048.webp`,
    ])
      expect(parsePhotoUrl(url)).toBeNull();
  });

  it("name every file of a photo, and nothing else", () => {
    expect(photoFileNames(HASH, 1000, 750)).toEqual([
      `${HASH}-1000x750.webp`,
      `${HASH}-480w.webp`,
      `${HASH}-960w.webp`,
    ]);
    expect(isPhotoFileName(`${HASH}-1000x750.webp`)).toBe(true);
    expect(isPhotoFileName(`${HASH}-480w.webp`)).toBe(true);
    for (const name of ["..", `${HASH}-0x750.webp`, `${HASH}-1000x750.svg`, `../${HASH}-480w.webp`])
      expect(isPhotoFileName(name)).toBe(false);
  });
});
