import { describe, expect, it } from "vitest";
import {
  buildIcs,
  eventDateTile,
  foldLine,
  formatEventDate,
  icsFileName,
  type UpcomingEvent,
  upcomingEvents,
} from "./upcoming-events.ts";

const event: UpcomingEvent = {
  id: "test-event",
  title: "Seeds, Soil; and \\ Slashes",
  date: "2025-06-14",
  time: "10:00 – 13:00",
  start: "2025-06-14T10:00",
  end: "2025-06-14T13:00",
  location: "Hall 2, 5 Elm Street; back entrance",
  description: "First line,\nsecond line\r\nthird; done",
  linkLabel: "Register",
};
const now = new Date("2025-06-01T08:15:30.123Z");

/** The content lines of an iCalendar text, unfolded (RFC 5545 3.1). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, "").split("\r\n").slice(0, -1);
}

function property(ics: string, name: string): string | undefined {
  return unfold(ics)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);
}

/** A moment on the visitor's wall clock (month 1-12): the events are floating, local times. */
function local(year: number, month: number, day: number, hour = 12, minute = 0): Date {
  return new Date(year, month - 1, day, hour, minute);
}

/** Title and displayed date of each event, in the order shown. */
function shown(now: Date): string[] {
  return upcomingEvents(now).map((e) => `${e.title}: ${formatEventDate(e.date)}`);
}

describe("upcomingEvents", () => {
  it("before June, shows this June's three events in date order", () => {
    expect(shown(local(2026, 1, 15))).toEqual([
      "Summer Seed Swap: Sunday, June 7, 2026",
      "Community Garden Work Day: Sunday, June 14, 2026",
      "Hydroponics for Beginners Workshop: Thursday, June 25, 2026",
    ]);
    expect(upcomingEvents(local(2026, 1, 15)).map((e) => e.id)).toEqual([
      "summer-seed-swap-2026",
      "community-garden-work-day-2026",
      "hydroponics-for-beginners-2026",
    ]);
  });

  it("during June, moves each event that has ended to next June and keeps the soonest first", () => {
    expect(shown(local(2026, 6, 10))).toEqual([
      "Community Garden Work Day: Sunday, June 14, 2026",
      "Hydroponics for Beginners Workshop: Thursday, June 25, 2026",
      "Summer Seed Swap: Monday, June 7, 2027",
    ]);
    expect(upcomingEvents(local(2026, 6, 10)).map((e) => e.id)).toEqual([
      "community-garden-work-day-2026",
      "hydroponics-for-beginners-2026",
      "summer-seed-swap-2027",
    ]);
  });

  it("keeps an event on its day until its end time, then moves it to next year", () => {
    const seedSwap = (now: Date) => upcomingEvents(now).find((e) => e.title === "Summer Seed Swap")?.date;
    expect(seedSwap(local(2026, 6, 7, 9, 0))).toBe("2026-06-07");
    expect(seedSwap(local(2026, 6, 7, 12, 59))).toBe("2026-06-07");
    expect(seedSwap(local(2026, 6, 7, 13, 0))).toBe("2027-06-07");
    const workshop = (now: Date) => upcomingEvents(now).find((e) => e.title.startsWith("Hydroponics"))?.date;
    expect(workshop(local(2026, 6, 25, 20, 29))).toBe("2026-06-25");
    expect(workshop(local(2026, 6, 25, 20, 30))).toBe("2027-06-25");
  });

  it("after the last June event and on December 31, shows next June's events", () => {
    const nextJune = [
      "Summer Seed Swap: Monday, June 7, 2027",
      "Community Garden Work Day: Monday, June 14, 2027",
      "Hydroponics for Beginners Workshop: Friday, June 25, 2027",
    ];
    expect(shown(local(2026, 6, 25, 21, 0))).toEqual(nextJune);
    expect(shown(local(2026, 7, 1))).toEqual(nextJune);
    expect(shown(local(2026, 12, 31, 23, 59))).toEqual(nextJune);
    expect(shown(local(2027, 1, 1, 0, 0))).toEqual(nextJune);
  });

  it("gets the weekday right in and around a leap year", () => {
    const leapJune = [
      "Summer Seed Swap: Wednesday, June 7, 2028",
      "Community Garden Work Day: Wednesday, June 14, 2028",
      "Hydroponics for Beginners Workshop: Sunday, June 25, 2028",
    ];
    expect(shown(local(2027, 12, 31, 23, 59))).toEqual(leapJune);
    expect(shown(local(2028, 2, 29))).toEqual(leapJune);
    expect(shown(local(2028, 7, 4))).toEqual([
      "Summer Seed Swap: Thursday, June 7, 2029",
      "Community Garden Work Day: Thursday, June 14, 2029",
      "Hydroponics for Beginners Workshop: Monday, June 25, 2029",
    ]);
  });

  it("always shows three distinct events that have not ended, within the coming year", () => {
    for (const now of [
      local(2026, 1, 1, 0, 0),
      local(2026, 6, 7, 13, 0),
      local(2026, 6, 14, 11, 0),
      local(2026, 6, 20),
      local(2026, 9, 30),
      local(2028, 2, 29),
      local(2028, 12, 31, 23, 59),
    ]) {
      const events = upcomingEvents(now);
      expect(events).toHaveLength(3);
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
      expect(new Set(events.map((e) => e.title)).size).toBe(3);
      const starts = events.map((e) => e.start);
      expect([...starts].sort()).toEqual(starts);
      for (const e of events) {
        expect(e.date).toMatch(/^\d{4}-06-\d{2}$/);
        expect(e.id.endsWith(`-${e.date.slice(0, 4)}`)).toBe(true);
        expect(e.start.startsWith(`${e.date}T`)).toBe(true);
        expect(e.end.startsWith(`${e.date}T`)).toBe(true);
        expect(e.end > e.start).toBe(true);
        // The shown time is the start and end of the calendar entry.
        expect(e.time).toBe(`${e.start.slice(11, 16)} – ${e.end.slice(11, 16)}`);
        expect(["Register", "Join"]).toContain(e.linkLabel);
        expect(e.title && e.location && e.description).toBeTruthy();
        const end = new Date(`${e.end}:00`); // no zone: read as local time, like the .ics floating time
        expect(end.getTime()).toBeGreaterThan(now.getTime());
        expect(end.getTime() - now.getTime()).toBeLessThanOrEqual(366 * 24 * 60 * 60 * 1000);
      }
    }
  });

  it("dates the calendar entry with the event's year", () => {
    const [first] = upcomingEvents(local(2026, 6, 10));
    const ics = buildIcs(first as UpcomingEvent, now);
    expect(property(ics, "UID")).toBe("community-garden-work-day-2026@garden-community");
    expect(property(ics, "DTSTART")).toBe("20260614T090000");
    expect(property(ics, "DTEND")).toBe("20260614T120000");
  });
});

describe("formatEventDate", () => {
  it("spells out the weekday and date", () => {
    expect(formatEventDate("2025-06-14")).toBe("Saturday, June 14, 2025");
    expect(formatEventDate("2026-06-14")).toBe("Sunday, June 14, 2026");
    expect(formatEventDate("2028-06-25")).toBe("Sunday, June 25, 2028");
  });
});

describe("buildIcs", () => {
  it("writes one VEVENT in a VCALENDAR with every required property", () => {
    const lines = unfold(buildIcs(event, now));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    // The calendar's own properties come before its event, in any order.
    expect(lines.slice(1, 5).sort()).toEqual([
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "PRODID:-//Gardening Community//Events//EN",
      "VERSION:2.0",
    ]);
    expect(lines[5]).toBe("BEGIN:VEVENT");
    expect(lines.slice(-2)).toEqual(["END:VEVENT", "END:VCALENDAR"]);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain("UID:test-event@garden-community");
    expect(lines).toContain("DTSTAMP:20250601T081530Z");
    // Floating local times: no Z, no TZID.
    expect(lines).toContain("DTSTART:20250614T100000");
    expect(lines).toContain("DTEND:20250614T130000");
  });

  it("escapes backslashes, semicolons, commas and newlines in text values", () => {
    const ics = buildIcs(event, now);
    expect(property(ics, "SUMMARY")).toBe("Seeds\\, Soil\\; and \\\\ Slashes");
    expect(property(ics, "LOCATION")).toBe("Hall 2\\, 5 Elm Street\\; back entrance");
    expect(property(ics, "DESCRIPTION")).toBe("First line\\,\\nsecond line\\nthird\\; done");
  });

  it("ends every line with CRLF and never uses a bare LF or CR", () => {
    const ics = buildIcs(event, now);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("folds lines longer than 75 octets, counting UTF-8 bytes", () => {
    const long = { ...event, description: "Tomatoes, basil and chillies — ".repeat(10) };
    const ics = buildIcs(long, now);
    const physical = ics.split("\r\n").slice(0, -1);
    const encoder = new TextEncoder();
    for (const line of physical) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(physical.some((line) => line.startsWith(" "))).toBe(true);
    expect(property(ics, "DESCRIPTION")).toBe(long.description.replace(/,/g, "\\,"));
  });

  it("folds the real events too", () => {
    for (const e of upcomingEvents(now)) {
      const ics = buildIcs(e, now);
      for (const line of ics.split("\r\n"))
        expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      expect(property(ics, "SUMMARY")).toBe(e.title);
    }
  });
});

describe("foldLine", () => {
  it("leaves short lines alone and never splits a multi-byte character", () => {
    expect(foldLine("SUMMARY:Short")).toBe("SUMMARY:Short");
    // 13 ASCII octets, then 2-octet characters: the first line fills exactly 75 octets.
    const line = `DESCRIPTION:x${"é".repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    expect(new TextEncoder().encode(parts[0]).length).toBe(75);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("folds exactly at 75 octets", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
  });
});

describe("icsFileName", () => {
  it("kebab-cases the title", () => {
    expect(icsFileName({ title: "Summer Seed Swap" })).toBe("summer-seed-swap.ics");
    expect(icsFileName({ title: "  Café & Compost: Q&A!  " })).toBe("cafe-compost-q-a.ics");
    expect(icsFileName({ title: "!!!" })).toBe("event.ics");
  });
});

describe("event dates without Intl", () => {
  it("write every day of three years as en-US Intl does, in UTC", () => {
    const long = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const short = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const date = new Date(time);
      const iso = date.toISOString().slice(0, 10);
      expect(formatEventDate(iso), iso).toBe(long.format(date));
      expect(eventDateTile(iso), iso).toEqual({ month: short.format(date), day: date.getUTCDate() });
    }
  });

  it("fold a long line of multi-byte characters at the same places as a byte count does", () => {
    const line = `SUMMARY:${"Café 🌱 ".repeat(30)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n ");
    expect(parts.join("")).toBe(line);
    expect(new TextEncoder().encode(parts[0]).length).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(74);
    // Each line is as full as it can be: the next character would not have fitted.
    for (let i = 0; i < parts.length - 1; i++) {
      const next = [...(parts[i + 1] ?? "")][0] ?? "";
      expect(new TextEncoder().encode(parts[i] + next).length).toBeGreaterThan(i === 0 ? 75 : 74);
    }
  });
});
