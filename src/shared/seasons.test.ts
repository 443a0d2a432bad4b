import { describe, expect, it } from "vitest";
import { isTimeZone, nextSeasonStart, seasonMonth, zonedTime } from "./seasons.ts";

describe("a season's start", () => {
  it("is March for spring in the north and September in the south, and the other way for autumn", () => {
    expect(seasonMonth("spring", "north")).toBe(3);
    expect(seasonMonth("autumn", "north")).toBe(9);
    expect(seasonMonth("spring", "south")).toBe(9);
    expect(seasonMonth("autumn", "south")).toBe(3);
  });

  it("is the first such morning after now, at 08:00 on the member's clocks", () => {
    const december = new Date("2026-12-06T10:00:00Z");
    expect(nextSeasonStart("spring", "north", "Europe/London", december).toISOString()).toBe(
      "2027-03-01T08:00:00.000Z",
    );
    // Sydney keeps summer time (UTC+11) on 1 March, standard time (UTC+10) on 1 September.
    expect(nextSeasonStart("autumn", "south", "Australia/Sydney", december).toISOString()).toBe(
      "2027-02-28T21:00:00.000Z",
    );
    expect(nextSeasonStart("spring", "south", "Australia/Sydney", december).toISOString()).toBe(
      "2027-08-31T22:00:00.000Z",
    );
    expect(nextSeasonStart("autumn", "north", "America/New_York", december).toISOString()).toBe(
      "2027-09-01T12:00:00.000Z",
    );
  });

  it("is next year's when asked in the season itself or on its first morning after 08:00", () => {
    const midSpring = new Date("2027-04-15T12:00:00Z");
    expect(nextSeasonStart("spring", "north", "UTC", midSpring).toISOString()).toBe(
      "2028-03-01T08:00:00.000Z",
    );
    const sameMorning = new Date("2027-03-01T08:30:00Z");
    expect(nextSeasonStart("spring", "north", "UTC", sameMorning).toISOString()).toBe(
      "2028-03-01T08:00:00.000Z",
    );
    const dawn = new Date("2027-03-01T07:00:00Z");
    expect(nextSeasonStart("spring", "north", "UTC", dawn).toISOString()).toBe("2027-03-01T08:00:00.000Z");
  });

  it("reads the year on the member's clocks, and falls back to UTC for a zone nobody knows", () => {
    // Already 1 March 2027 09:00 in Auckland while it is still 28 February in UTC.
    const aucklandMorning = new Date("2027-02-28T20:00:00Z");
    expect(nextSeasonStart("autumn", "south", "Pacific/Auckland", aucklandMorning).toISOString()).toBe(
      zonedTime(2028, 3, 1, 8, "Pacific/Auckland").toISOString(),
    );
    expect(
      nextSeasonStart("spring", "north", "Mars/Olympus", new Date("2026-12-06T00:00:00Z")).toISOString(),
    ).toBe("2027-03-01T08:00:00.000Z");
  });

  it("knows a time zone from a name that is none", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("x".repeat(100))).toBe(false);
  });
});
