/** One of the home page's static upcoming events (spec: three events in June 2025). */
export type UpcomingEvent = {
  id: string;
  title: string;
  /** ISO date, 2025-06-DD. */
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

export const UPCOMING_EVENTS: readonly UpcomingEvent[] = [
  {
    id: "summer-seed-swap-2025",
    title: "Summer Seed Swap",
    date: "2025-06-07",
    time: "10:00 – 13:00",
    start: "2025-06-07T10:00",
    end: "2025-06-07T13:00",
    location: "Riverside Library, Community Room, 12 Elm Street",
    description:
      "Bring saved seeds, spare seedlings or cuttings and take home something new. Envelopes, labels and pencils are provided; no seeds to share? Come anyway, everyone leaves with a packet.",
    linkLabel: "Register",
  },
  {
    id: "community-garden-work-day-2025",
    title: "Community Garden Work Day",
    date: "2025-06-14",
    time: "09:00 – 12:00",
    start: "2025-06-14T09:00",
    end: "2025-06-14T12:00",
    location: "Maple Street Community Garden, 48 Maple Street",
    description:
      "Help us weed the shared beds, turn the compost and mulch the paths before the summer heat. Gloves and tools are provided; wear sturdy shoes and bring a water bottle.",
    linkLabel: "Join",
  },
  {
    id: "hydroponics-for-beginners-2025",
    title: "Hydroponics for Beginners Workshop",
    date: "2025-06-25",
    time: "18:30 – 20:30",
    start: "2025-06-25T18:30",
    end: "2025-06-25T20:30",
    location: "Oakwood Botanical Centre, Greenhouse Classroom",
    description:
      "Grow lettuce and herbs without soil: build a simple Kratky jar, learn to mix nutrients and check pH, and take your first setup home. Materials are included; places are limited to 20.",
    linkLabel: "Register",
  },
];

/** "Saturday, June 14, 2025": computed in UTC so the visitor's time zone cannot shift the day. */
export function formatEventDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** RFC 5545 3.3.11: backslash first, so the escapes added after it are not escaped again. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** "2025-06-14T10:00" → "20250614T100000": a floating time, read as local time wherever it is opened. */
function toFloatingDateTime(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) throw new Error(`Not an ISO local date-time: ${local}`);
  const [, year, month, day, hour, minute, second = "00"] = match;
  return `${year}${month}${day}T${hour}${minute}${second}`;
}

/** "20250601T081500Z": DTSTAMP must be UTC (RFC 5545 3.8.7.2). */
function toUtcDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: lines longer than 75 octets are split, continuation lines starting with one space.
 * Octets, not characters, so an accented title folds correctly; a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
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
    "PRODID:-//Garden Community//Events//EN",
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
