import { describe, expect, it } from "vitest";
import {
  buildIcs,
  foldLine,
  formatEventDate,
  icsFileName,
  UPCOMING_EVENTS,
  type UpcomingEvent,
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

describe("UPCOMING_EVENTS", () => {
  it("holds three events in June 2025, in date order, each with a Register or Join link", () => {
    expect(UPCOMING_EVENTS).toHaveLength(3);
    const dates = UPCOMING_EVENTS.map((e) => e.date);
    expect([...dates].sort()).toEqual(dates);
    for (const e of UPCOMING_EVENTS) {
      expect(e.date).toMatch(/^2025-06-\d{2}$/);
      expect(e.start.startsWith(`${e.date}T`)).toBe(true);
      expect(e.end.startsWith(`${e.date}T`)).toBe(true);
      expect(e.end > e.start).toBe(true);
      // The shown time is the start and end of the calendar entry.
      expect(e.time).toBe(`${e.start.slice(11, 16)} – ${e.end.slice(11, 16)}`);
      expect(["Register", "Join"]).toContain(e.linkLabel);
      expect(e.title && e.location && e.description).toBeTruthy();
    }
    expect(new Set(UPCOMING_EVENTS.map((e) => e.id)).size).toBe(3);
  });
});

describe("formatEventDate", () => {
  it("spells out the weekday and date", () => {
    expect(formatEventDate("2025-06-14")).toBe("Saturday, June 14, 2025");
    expect(formatEventDate("2025-06-25")).toBe("Wednesday, June 25, 2025");
  });
});

describe("buildIcs", () => {
  it("writes one VEVENT in a VCALENDAR with every required property", () => {
    const lines = unfold(buildIcs(event, now));
    expect(lines.slice(0, 6)).toEqual([
      "BEGIN:VCALENDAR",
      "PRODID:-//Garden Community//Events//EN",
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
    ]);
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
    for (const e of UPCOMING_EVENTS) {
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
