import { describe, expect, it } from "vitest";
import { CROP_FILE as cropFile } from "./crop-list.ts";
import { CropFileSchema } from "./crops.ts";
import { dayOf, type Place, tasksIn, weekOf } from "./frost.ts";

describe("the shipped crop list", () => {
  const { crops, licence } = CropFileSchema.parse(cropFile);

  it("holds at least 60 crops, each named in every language, under a licence with no share-alike", () => {
    expect(crops.length).toBeGreaterThanOrEqual(60);
    expect(new Set(crops.map((crop) => crop.slug)).size).toBe(crops.length);
    expect(licence).toBe("CC0-1.0");
    for (const kind of ["vegetable", "herb", "flower"])
      expect(crops.some((crop) => crop.kind === kind)).toBe(true);
  });

  it("gives every crop a week to sow or plant in a temperate garden of either hemisphere", () => {
    const places: Place[] = [
      { hemisphere: "north", lastFrost: "04-20", firstFrost: "10-20" },
      { hemisphere: "south", lastFrost: "10-01", firstFrost: "04-20" },
    ];
    for (const place of places)
      for (const crop of crops) {
        let weeks = 0;
        for (
          let day = dayOf(2026, 1, 5);
          day < dayOf(2027, 1, 4);
          day = new Date(day.getTime() + 7 * 86_400_000)
        )
          if (tasksIn(crop.windows, place, weekOf(day)).length > 0) weeks += 1;
        expect(weeks, `${crop.slug} in the ${place.hemisphere}`).toBeGreaterThan(0);
        // No crop is to be sown every week of the year: a window that long is a mistake in the list.
        expect(weeks, `${crop.slug} in the ${place.hemisphere}`).toBeLessThan(52);
      }
  });
});
