import { describe, expect, it } from "vitest";
import { countLabel, formatNumber, sentenceCase, tryAgainIn } from "./format.ts";

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

describe("tryAgainIn", () => {
  it("says a wait in plain words, never in seconds, and never sooner than it is", () => {
    const said = Object.fromEntries(
      [1, 5, 30, 59, 60, 90, 91, 299, 300, 3000, 3600, 5400, 5401, 7200, 86_400, 200_000].map((s) => [
        s,
        tryAgainIn(s),
      ]),
    );
    expect(said).toEqual({
      1: "in a few seconds",
      5: "in a few seconds",
      30: "in less than a minute",
      59: "in about a minute",
      60: "in about a minute",
      90: "in about a minute",
      91: "in 2 minutes",
      299: "in 5 minutes",
      300: "in 5 minutes",
      3000: "in 50 minutes",
      3600: "in about an hour",
      5400: "in about an hour",
      5401: "in 2 hours",
      7200: "in 2 hours",
      86400: "in about a day",
      200000: "in 3 days",
    });
    for (const words of Object.values(said)) expect(words).not.toMatch(/\d+ seconds?/);
  });
});

describe("sentenceCase", () => {
  it("capitalises the first letter only", () => {
    expect(["rude or harassing", "off-topic", "spam"].map(sentenceCase)).toEqual([
      "Rude or harassing",
      "Off-topic",
      "Spam",
    ]);
  });
});
