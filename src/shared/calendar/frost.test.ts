import { describe, expect, it } from "vitest";
import {
  dayOf,
  FROST_FREE,
  frostsAtLatitude,
  frostsOf,
  frostsOfSettings,
  frostYearStart,
  isMonthDay,
  monthOf,
  onYear,
  type Place,
  seasonOf,
  tasksIn,
  todayIn,
  weekOf,
} from "./frost.ts";

const iso = (day: Date) => day.toISOString().slice(0, 10);
const york: Place = { hemisphere: "north", lastFrost: "04-20", firstFrost: "10-25" };
const hobart: Place = { hemisphere: "south", lastFrost: "10-05", firstFrost: "04-25" };
const darwin: Place = { hemisphere: "south", lastFrost: null, firstFrost: null };

describe("the frost year", () => {
  it("starts on 24 July in the north and 24 January in the south, on or before the day", () => {
    expect(iso(frostYearStart(dayOf(2026, 7, 23), "north"))).toBe("2025-07-24");
    expect(iso(frostYearStart(dayOf(2026, 7, 24), "north"))).toBe("2026-07-24");
    expect(iso(frostYearStart(dayOf(2027, 1, 1), "north"))).toBe("2026-07-24");
    expect(iso(frostYearStart(dayOf(2026, 1, 23), "south"))).toBe("2025-01-24");
    expect(iso(frostYearStart(dayOf(2026, 1, 24), "south"))).toBe("2026-01-24");
  });

  it("holds one autumn's first frost and the spring's last frost after it", () => {
    const north = frostsOf(frostYearStart(dayOf(2026, 12, 7), "north"), york);
    expect([iso(north.firstFrost), iso(north.lastFrost)]).toEqual(["2026-10-25", "2027-04-20"]);
    const south = frostsOf(frostYearStart(dayOf(2026, 12, 7), "south"), hobart);
    expect([iso(south.firstFrost), iso(south.lastFrost)]).toEqual(["2026-04-25", "2026-10-05"]);
  });

  it("takes as a frost date only a day some year has", () => {
    expect(["04-15", "02-29", "12-31"].map(isMonthDay)).toEqual([true, true, true]);
    expect(["04-31", "02-30", "13-01", "4-15", "00-10", ""].map(isMonthDay)).toEqual(Array(6).fill(false));
  });

  it("counts a frost on 29 February as the 28th in a year without it", () => {
    expect(iso(onYear("02-29", 2028))).toBe("2028-02-29");
    expect(iso(onYear("02-29", 2027))).toBe("2027-02-28");
    const place: Place = { hemisphere: "north", lastFrost: "02-29", firstFrost: "11-30" };
    expect(iso(frostsOf(dayOf(2026, 7, 24), place).lastFrost)).toBe("2027-02-28");
    expect(iso(frostsOf(dayOf(2027, 7, 24), place).lastFrost)).toBe("2028-02-29");
  });

  it("stands in the middle of the cool season for a place without frost", () => {
    const frosts = frostsOf(frostYearStart(dayOf(2026, 12, 7), "south"), darwin);
    expect(iso(frosts.lastFrost)).toBe(`2026-${FROST_FREE.south.lastFrost}`);
    expect(iso(frosts.firstFrost)).toBe(`2026-${FROST_FREE.south.firstFrost}`);
  });
});

describe("what to sow in a week", () => {
  // Tomatoes: indoors 8 to 6 weeks before the last frost, out 1 to 3 weeks after it.
  const tomato = { sowIndoors: [-8, -6], plantOut: [1, 3] } as const;
  // Broad beans: direct from 6 weeks before the last frost, or in autumn from 4 weeks before the first.
  const broadBean = { sowDirect: [-6, 2], sowAutumn: [-4, 0] } as const;

  it("differs between the hemispheres on the same day", () => {
    const week = weekOf(dayOf(2027, 3, 1));
    expect(tasksIn(tomato, york, week).map((t) => t.task)).toEqual(["sowIndoors"]);
    expect(tasksIn(tomato, hobart, week)).toEqual([]);
    const october = weekOf(dayOf(2026, 10, 12));
    expect(tasksIn(tomato, hobart, october).map((t) => t.task)).toEqual(["plantOut"]);
    expect(tasksIn(broadBean, york, october).map((t) => t.task)).toEqual(["sowAutumn"]);
  });

  it("gives each window's days, a week's first to its last", () => {
    const [found] = tasksIn(tomato, york, weekOf(dayOf(2027, 3, 1)));
    expect(found && [iso(found.span.from), iso(found.span.to)]).toEqual(["2027-02-23", "2027-03-15"]);
  });

  it("finds a window that runs past the frost year's split", () => {
    // Sown directly until 14 weeks after a late frost (1 June): into August, past 24 July.
    const lateCarrot = { sowDirect: [0, 14] } as const;
    const place: Place = { hemisphere: "north", lastFrost: "06-01", firstFrost: "09-15" };
    expect(tasksIn(lateCarrot, place, weekOf(dayOf(2026, 7, 27))).map((t) => t.task)).toEqual(["sowDirect"]);
    expect(tasksIn(lateCarrot, place, weekOf(dayOf(2026, 9, 14)))).toEqual([]);
  });

  it("finds a week that crosses the year's end, in both of its years", () => {
    // The week of Monday 28 December 2026 to Sunday 3 January 2027.
    const week = weekOf(dayOf(2027, 1, 2));
    expect([iso(week.from), iso(week.to)]).toEqual(["2026-12-28", "2027-01-03"]);
    const onions = { sowIndoors: [-16, -15] } as const;
    expect(tasksIn(onions, york, week).map((t) => t.task)).toEqual(["sowIndoors"]);
    const early = { sowIndoors: [-18, -18] } as const;
    expect(tasksIn(early, york, week)).toEqual([]);
  });

  it("reads a month as its first to its last day, February of a leap year included", () => {
    const february = monthOf(dayOf(2028, 2, 10));
    expect([iso(february.from), iso(february.to)]).toEqual(["2028-02-01", "2028-02-29"]);
  });

  it("sows warm-season crops after the cool season where it never freezes", () => {
    // Darwin: the cool season's middle (mid-July) stands for the last frost.
    expect(tasksIn(tomato, darwin, weekOf(dayOf(2026, 5, 25))).map((t) => t.task)).toEqual(["sowIndoors"]);
    expect(tasksIn(tomato, darwin, weekOf(dayOf(2026, 12, 7)))).toEqual([]);
  });
});

describe("the day and the season", () => {
  it("is the day the member's clock shows, not the server's", () => {
    const now = new Date("2026-12-06T20:00:00Z");
    expect(iso(todayIn(now, "Australia/Sydney"))).toBe("2026-12-07");
    expect(iso(todayIn(now, "America/New_York"))).toBe("2026-12-06");
  });

  it("is meteorological: whole months, the other way round in the south", () => {
    expect(seasonOf(dayOf(2026, 3, 1), "north")).toBe("spring");
    expect(seasonOf(dayOf(2026, 2, 28), "north")).toBe("winter");
    expect(seasonOf(dayOf(2026, 3, 1), "south")).toBe("autumn");
    expect(seasonOf(dayOf(2026, 12, 1), "south")).toBe("summer");
    expect(seasonOf(dayOf(2026, 9, 1), "south")).toBe("spring");
  });
});

describe("a garden's latitude", () => {
  it("gives typical frost dates by band, later towards the poles, six months on in the south", () => {
    expect(frostsAtLatitude(51.5)).toEqual({ lastFrost: "05-10", firstFrost: "10-01" });
    expect(frostsAtLatitude(40.4)).toEqual({ lastFrost: "04-20", firstFrost: "10-20" });
    expect(frostsAtLatitude(60.2)).toEqual({ lastFrost: "06-01", firstFrost: "09-10" });
    expect(frostsAtLatitude(-41.3)).toEqual({ lastFrost: "10-20", firstFrost: "04-20" });
    expect(frostsAtLatitude(-33.9)).toEqual({ lastFrost: "09-15", firstFrost: "05-15" });
    expect(frostsAtLatitude(90)).toEqual({ lastFrost: "06-10", firstFrost: "08-25" });
    expect(frostsAtLatitude(-90)).toEqual({ lastFrost: "12-10", firstFrost: "02-25" });
    // Every date it gives is a day of the year, in both hemispheres.
    for (let tenths = -900; tenths <= 900; tenths += 5) {
      const frosts = frostsAtLatitude(tenths / 10);
      if (frosts)
        expect(isMonthDay(frosts.lastFrost) && isMonthDay(frosts.firstFrost), `${tenths}`).toBe(true);
    }
  });

  it("says it seldom freezes in the tropics, on either side of the equator", () => {
    for (const latitude of [0, 10, 23.4, -23.4, -12])
      expect(frostsAtLatitude(latitude), `${latitude}`).toBeNull();
    expect(frostsAtLatitude(23.5)).not.toBeNull();
  });

  it("gives way to the member's own dates and to their frost-free word", () => {
    const at = {
      hemisphere: "north",
      latitude: 60.2,
      frostFree: false,
      lastFrost: null,
      firstFrost: null,
    } as const;
    expect(frostsOfSettings(at)).toEqual({ lastFrost: "06-01", firstFrost: "09-10" });
    expect(frostsOfSettings({ ...at, lastFrost: "05-15" })).toEqual({
      lastFrost: "05-15",
      firstFrost: "09-10",
    });
    expect(frostsOfSettings({ ...at, lastFrost: "05-15", firstFrost: "09-01" })).toEqual({
      lastFrost: "05-15",
      firstFrost: "09-01",
    });
    expect(frostsOfSettings({ ...at, frostFree: true })).toBeNull();
    expect(frostsOfSettings({ ...at, latitude: null })).toEqual({ lastFrost: "04-20", firstFrost: "10-20" });
    expect(frostsOfSettings({ ...at, latitude: 12.5 })).toBeNull();
  });
});
