import { describe, expect, it } from "vitest";
import { minutesOf, quietUntil, timeOf } from "./quiet-hours.ts";

describe("quiet hours", () => {
  const night = { from: "22:00", to: "07:00" };

  it("end the next morning when they pass midnight, on the member's own clock", () => {
    // 23:30 in Paris (UTC+1 in December) is 22:30 UTC.
    expect(quietUntil(night, "Europe/Paris", new Date("2026-12-07T22:30:00Z"))?.toISOString()).toBe(
      "2026-12-08T06:00:00.000Z",
    );
    // 03:00 in Paris: the same morning.
    expect(quietUntil(night, "Europe/Paris", new Date("2026-12-08T02:00:00Z"))?.toISOString()).toBe(
      "2026-12-08T06:00:00.000Z",
    );
  });

  it("are not in force outside them, at their end, or without any", () => {
    expect(quietUntil(night, "Europe/Paris", new Date("2026-12-08T06:00:00Z"))).toBeNull();
    expect(quietUntil(night, "Europe/Paris", new Date("2026-12-08T12:00:00Z"))).toBeNull();
    expect(quietUntil(null, "Europe/Paris", new Date("2026-12-08T02:00:00Z"))).toBeNull();
  });

  it("within one day end that day, and start at their first minute", () => {
    const afternoon = { from: "13:00", to: "15:30" };
    expect(quietUntil(afternoon, "UTC", new Date("2026-12-08T13:00:00Z"))?.toISOString()).toBe(
      "2026-12-08T15:30:00.000Z",
    );
    expect(quietUntil(afternoon, "UTC", new Date("2026-12-08T12:59:00Z"))).toBeNull();
  });

  it("keep the wall clock across a change of the clocks", () => {
    // Paris goes from UTC+2 to UTC+1 in the night of 25 October 2026: 07:00 is then 06:00 UTC.
    expect(quietUntil(night, "Europe/Paris", new Date("2026-10-24T21:00:00Z"))?.toISOString()).toBe(
      "2026-10-25T06:00:00.000Z",
    );
  });

  it("read and write times of day as minutes after midnight", () => {
    expect(minutesOf("22:30")).toBe(1350);
    expect(timeOf(1350)).toBe("22:30");
    expect(timeOf(minutesOf("00:05"))).toBe("00:05");
  });
});
