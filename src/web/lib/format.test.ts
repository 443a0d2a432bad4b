import { describe, expect, it } from "vitest";
import { countLabel, formatNumber } from "./format.ts";

describe("formatNumber", () => {
  it("groups digits as en-US Intl does, for whole numbers of every length and sign", () => {
    const values = [
      0, 1, 12, 999, 1000, 1001, 12345, 100000, 999999, 1000000, 1234567890, -1, -1000, -987654321,
    ];
    for (let power = 0; power <= 15; power++) values.push(10 ** power, 10 ** power - 1, 7 * 10 ** power + 3);
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    const intl = new Intl.NumberFormat("en-US");
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it("leaves fractions and unsafe integers to Intl", () => {
    expect(formatNumber(1234.5)).toBe("1,234.5");
    expect(formatNumber(2 ** 60)).toBe((2 ** 60).toLocaleString("en-US"));
  });
});

describe("countLabel", () => {
  it("says one, many and a lower bound", () => {
    const noun = { one: "tip", many: "tips" };
    expect(countLabel(1, noun)).toBe("1 tip");
    expect(countLabel(0, noun)).toBe("0 tips");
    expect(countLabel(23456, noun)).toBe("23,456 tips");
    expect(countLabel(1000, noun, false)).toBe("1,000+ tips");
    expect(countLabel(1, noun, false)).toBe("1+ tips");
  });
});
