import { MONTHS } from "#shared/months.ts";
/**
 * One of the home page's static upcoming events: the specification's three June events, each dated at its
 * next occurrence, so it is always upcoming and its calendar entry useful.
 */
export type UpcomingEvent = {
  /** Slug and year, e.g. "summer-seed-swap-2026": one id per occurrence, also the calendar entry's UID. */
  id: string;
  title: string;
  /** ISO date, YYYY-06-DD. */
  date: string;
  /** As shown on the card, e.g. "10:00 – 13:00". */
  time: string;
  /** ISO local date-times (no zone): the event happens at the garden's wall-clock time. */
  start: string;
  end: string;
  location: string;
  description: string;
  linkLabel: "Register" | "Join";
};

/** An event without its year: the day in June and the wall-clock times it recurs at. */
type EventTemplate = Omit<UpcomingEvent, "id" | "date" | "time" | "start" | "end"> & {
  slug: string;
  /** Day of June. */
  day: number;
  /** "HH:MM", local time. */
  startTime: string;
  endTime: string;
};

const EVENT_TEMPLATES: readonly EventTemplate[] = [
  {
    slug: "summer-seed-swap",
    title: "Summer Seed Swap",
    day: 7,
    startTime: "10:00",
    endTime: "13:00",
    location: "Riverside Library, Community Room, 12 Elm Street",
    description:
      "Bring saved seeds, spare seedlings or cuttings and take home something new. Envelopes, labels and pencils are provided; no seeds to share? Come anyway, everyone leaves with a packet.",
    linkLabel: "Register",
  },
  {
    slug: "community-garden-work-day",
    title: "Community Garden Work Day",
    day: 14,
    startTime: "09:00",
    endTime: "12:00",
    location: "Maple Street Community Garden, 48 Maple Street",
    description:
      "Help us weed the shared beds, turn the compost and mulch the paths before the summer heat. Gloves and tools are provided; wear sturdy shoes and bring a water bottle.",
    linkLabel: "Join",
  },
  {
    slug: "hydroponics-for-beginners",
    title: "Hydroponics for Beginners Workshop",
    day: 25,
    startTime: "18:30",
    endTime: "20:30",
    location: "Oakwood Botanical Centre, Greenhouse Classroom",
    description:
      "Grow lettuce and herbs without soil: build a simple Kratky jar, learn to mix nutrients and check pH, and take your first setup home. Materials are included; places are limited to 20.",
    linkLabel: "Register",
  },
];

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** `now` as the visitor's wall clock, "YYYY-MM-DDTHH:MM", comparable as text with an event's `end`. */
function localWallClock(now: Date): string {
  const date = `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${date}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

function occurrence(template: EventTemplate, year: number): UpcomingEvent {
  const { slug, day, startTime, endTime, ...rest } = template;
  const date = `${pad(year, 4)}-06-${pad(day)}`;
  return {
    ...rest,
    id: `${slug}-${year}`,
    date,
    time: `${startTime} – ${endTime}`,
    start: `${date}T${startTime}`,
    end: `${date}T${endTime}`,
  };
}

/**
 * The three events at their next occurrence, soonest first. The year is chosen per event, the
 * literal reading of "dated at their next occurrence": an event is this year's until its end has passed,
 * then next year's, so on June 10 the seed swap (June 7) is already next year's while the other two are
 * still this year's. Choosing one year for all three would show a past event for most of June.
 * The events are floating times (the garden's wall clock), so "passed" compares them with the visitor's
 * local wall clock, the same way a calendar app reads the .ics file's floating DTSTART and DTEND.
 */
export function upcomingEvents(now: Date = new Date()): UpcomingEvent[] {
  const today = localWallClock(now);
  const year = now.getFullYear();
  return EVENT_TEMPLATES.map((template) => {
    const thisYear = occurrence(template, year);
    return today < thisYear.end ? thisYear : occurrence(template, year + 1);
  }).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

// English names, written out, as the months are (lib/format.ts).
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The date's parts in UTC, so the visitor's time zone cannot shift the day. */
function utcParts(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return {
    year: date.getUTCFullYear(),
    month: MONTHS[date.getUTCMonth()] as string,
    day: date.getUTCDate(),
    weekday: WEEKDAYS[date.getUTCDay()] as string,
  };
}

/** The date tile's "Jun" and 14 (shown in capitals by the tile's style). */
export function eventDateTile(isoDate: string): { month: string; day: number } {
  const { month, day } = utcParts(isoDate);
  return { month: month.slice(0, 3), day };
}

/** "Sunday, June 14, 2026", as en-US Intl writes it: computed in UTC so the time zone cannot shift the day. */
export function formatEventDate(isoDate: string): string {
  const { weekday, month, day, year } = utcParts(isoDate);
  return `${weekday}, ${month} ${day}, ${year}`;
}

/** RFC 5545 3.3.11: backslash first, so the escapes added after it are not escaped again. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** "2026-06-14T10:00" → "20260614T100000": a floating time, read as local time wherever it is opened. */
function toFloatingDateTime(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) throw new Error(`Not an ISO local date-time: ${local}`);
  const [, year, month, day, hour, minute, second = "00"] = match;
  return `${year}${month}${day}T${hour}${minute}${second}`;
}

/** "20260601T081500Z": DTSTAMP must be UTC (RFC 5545 3.8.7.2). */
function toUtcDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/** UTF-8 length of one code point. */
const octetsOf = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * RFC 5545 3.1: lines longer than 75 octets are split, continuation lines starting with one space.
 * Octets, not characters, so an accented title folds correctly; a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  // Most lines are short and printable ASCII: nothing to fold.
  if (line.length <= 75 && !/[^\u0020-\u007e]/.test(line)) return line;
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const char of line) {
    const octets = octetsOf(char.codePointAt(0) ?? 0);
    // Continuation lines carry a leading space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** An iCalendar file with this one event, for "Add to calendar" downloads. */
export function buildIcs(event: UpcomingEvent, now: Date = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Gardening Community//Events//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.id}@garden-community`,
    `DTSTAMP:${toUtcDateTime(now)}`,
    `DTSTART:${toFloatingDateTime(event.start)}`,
    `DTEND:${toFloatingDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  // Every content line ends with CRLF, the last one included.
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}

/** "Summer Seed Swap" → "summer-seed-swap.ics". */
export function icsFileName(event: Pick<UpcomingEvent, "title">): string {
  const slug = event.title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "event"}.ics`;
}
