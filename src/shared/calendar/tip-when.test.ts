import { describe, expect, it } from "vitest";
import type { Place } from "./frost.ts";
import { readWhen, TipWhenSchema } from "./tip-when.ts";

const london: Place = { hemisphere: "north", lastFrost: "04-15", firstFrost: "10-25" };
const hobart: Place = { hemisphere: "south", lastFrost: "10-10", firstFrost: "04-20" };
const darwin: Place = { hemisphere: "south", lastFrost: null, firstFrost: null };

describe("a tip's when, as a reader reads it", () => {
  it("counts weeks from the reader's own frost, whichever hemisphere they garden in", () => {
    const when = { kind: "frost", frost: "last", weeks: -6 } as const;
    expect(readWhen(when, null)).toEqual({ text: "6 weeks before the last spring frost" });
    expect(readWhen(when, london)).toEqual({
      text: "6 weeks before the last spring frost: around 4 March where you garden",
    });
    expect(readWhen(when, hobart)).toEqual({
      text: "6 weeks before the last spring frost: around 29 August where you garden",
    });
    expect(readWhen({ kind: "frost", frost: "first", weeks: 1 }, london).text).toBe(
      "1 week after the first autumn frost: around 1 November where you garden",
    );
    expect(readWhen({ kind: "frost", frost: "last", weeks: 0 }, null).text).toBe("At the last spring frost");
  });

  it("crosses the year's end and keeps 29 February", () => {
    // Three weeks before a last frost of 10 January is in December.
    expect(
      readWhen({ kind: "frost", frost: "last", weeks: -3 }, { ...london, lastFrost: "01-10" }).text,
    ).toBe("3 weeks before the last spring frost: around 20 December where you garden");
    expect(
      readWhen({ kind: "frost", frost: "first", weeks: 1 }, { ...hobart, firstFrost: "02-22" }).text,
    ).toBe("1 week after the first autumn frost: around 29 February where you garden");
  });

  it("counts a frost-free place from the middle of its cool season, and says so", () => {
    expect(readWhen({ kind: "frost", frost: "last", weeks: 2 }, darwin)).toEqual({
      text: "2 weeks after the last spring frost: around 29 July where you garden",
      note: "Where you garden it does not freeze: counted from the middle of your cool season.",
    });
  });

  it("shows months six months on for the other hemisphere, with a note giving the author's", () => {
    const spring = { kind: "months", from: 3, to: 4, hemisphere: "north" } as const;
    expect(readWhen(spring, null)).toEqual({ text: "March to April in the northern hemisphere" });
    expect(readWhen(spring, london)).toEqual({ text: "March to April in the northern hemisphere" });
    expect(readWhen(spring, hobart)).toEqual({
      text: "September to October where you garden",
      note: "Shifted six months for the southern hemisphere: the author wrote March to April in the northern hemisphere.",
    });
    // A run across the year's end, and one month alone.
    const summer = { kind: "months", from: 12, to: 2, hemisphere: "south" } as const;
    expect(readWhen(summer, london).text).toBe("June to August where you garden");
    expect(readWhen({ kind: "months", from: 7, to: 7, hemisphere: "south" }, london).text).toBe(
      "January where you garden",
    );
  });

  it("takes only a frost's whole weeks within 16, or months 1 to 12 with a hemisphere", () => {
    expect(TipWhenSchema.safeParse({ kind: "frost", frost: "first", weeks: -16 }).success).toBe(true);
    for (const bad of [
      { kind: "frost", frost: "first", weeks: -17 },
      { kind: "frost", frost: "first", weeks: 1.5 },
      { kind: "frost", frost: "spring", weeks: 1 },
      { kind: "months", from: 1, to: 12 },
      { kind: "months", from: 1, to: 13, hemisphere: "north" },
      { kind: "season", season: "spring" },
    ])
      expect(TipWhenSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
