import type { Hemisphere } from "../seasons.ts";

/**
 * The arithmetic of the garden calendar (ADR 090), on whole days in UTC: a day is a date, never a moment,
 * so no time zone or clock change moves it. Sowing windows are weeks before or after the member's own
 * last spring frost or first autumn frost; seasons are never stored, only computed from the hemisphere.
 */

/** "04-15": a day of the year without its year, as members give their frost dates. */
export type MonthDay = string;
const MONTH_DAY_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Whether `text` is a day some year has: "02-29" is (a leap year's), "04-31" is not. */
export function isMonthDay(text: string): boolean {
  if (!MONTH_DAY_PATTERN.test(text)) return false;
  const [month, day] = text.split("-").map(Number) as [number, number];
  return day <= new Date(Date.UTC(2028, month, 0)).getUTCDate();
}

const DAY_MS = 86_400_000;

/** Where a member gardens, as the calendar reads it: frost dates, or none for a frost-free place. */
export interface Place {
  hemisphere: Hemisphere;
  /** The last spring frost and the first autumn frost; both null where it never freezes. */
  lastFrost: MonthDay | null;
  firstFrost: MonthDay | null;
}

/** What a window is for: the first three count from the last spring frost, the autumn sowing from the first. */
export const TASKS = ["sowIndoors", "plantOut", "sowDirect", "sowAutumn"] as const;
export type Task = (typeof TASKS)[number];

/** Weeks from the frost a window opens and closes (inclusive: "to" is the window's last week). */
type Weeks = readonly [from: number, to: number];
export type Windows = Partial<Record<Task, Weeks>>;

/** A day as the calendar counts: midnight UTC of that date. */
export const dayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);

/** `md` in `year`; 29 February is the 28th in a year without it. */
export function onYear(md: MonthDay, year: number): Date {
  const [month, day] = md.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return dayOf(year, month, Math.min(day, last));
}

/**
 * Where a place without frost counts its windows from: the middle of its cool season (mid-January in the
 * north, mid-July in the south) stands for the last frost, a month before for the first. Cool-season
 * crops then fall in the cool months and warm-season ones after them, as in warm-climate sowing guides.
 */
export const FROST_FREE: Record<Hemisphere, { lastFrost: MonthDay; firstFrost: MonthDay }> = {
  north: { lastFrost: "01-15", firstFrost: "12-15" },
  south: { lastFrost: "07-15", firstFrost: "06-15" },
};

/** Typical frost dates of a temperate garden, for a visitor who chose a hemisphere and no dates. */
export const TYPICAL_FROSTS: Record<Hemisphere, { lastFrost: MonthDay; firstFrost: MonthDay }> = {
  north: { lastFrost: "04-20", firstFrost: "10-20" },
  south: { lastFrost: "10-01", firstFrost: "04-20" },
};

/**
 * A first guess at a garden's frost dates from its latitude alone, for a member who gave one and no dates
 * (ADR 097): from the tropics, where it seldom freezes, to the Arctic, the average dates by band of five
 * degrees or so, ignoring altitude and the sea (a coast is milder, a mountain colder). The southern
 * hemisphere's are the northern's six months on. The member's own dates always win.
 */
const FROSTS_BY_LATITUDE: ReadonlyArray<{
  below: number;
  frosts: { lastFrost: MonthDay; firstFrost: MonthDay } | null;
}> = [
  { below: 23.5, frosts: null },
  { below: 30, frosts: { lastFrost: "02-10", firstFrost: "12-10" } },
  { below: 35, frosts: { lastFrost: "03-15", firstFrost: "11-15" } },
  { below: 40, frosts: { lastFrost: "04-01", firstFrost: "11-01" } },
  { below: 45, frosts: { lastFrost: "04-20", firstFrost: "10-20" } },
  { below: 50, frosts: { lastFrost: "05-01", firstFrost: "10-10" } },
  { below: 55, frosts: { lastFrost: "05-10", firstFrost: "10-01" } },
  { below: 60, frosts: { lastFrost: "05-20", firstFrost: "09-20" } },
  { below: 66.5, frosts: { lastFrost: "06-01", firstFrost: "09-10" } },
  { below: 90.1, frosts: { lastFrost: "06-10", firstFrost: "08-25" } },
];

/** The same day six months on ("04-20" -> "10-20"); every day in the table above exists in both months. */
const sixMonthsOn = (md: MonthDay): MonthDay => {
  const month = ((Number(md.slice(0, 2)) + 5) % 12) + 1;
  return `${String(month).padStart(2, "0")}-${md.slice(3)}`;
};

/** The hemisphere a latitude is in: the equator counts as north. */
export const hemisphereOf = (latitude: number): Hemisphere => (latitude >= 0 ? "north" : "south");

/**
 * Typical frost dates at `latitude` (degrees, south negative), or null where it seldom freezes: what the
 * calendar counts from until the member gives their own.
 */
export function frostsAtLatitude(latitude: number): { lastFrost: MonthDay; firstFrost: MonthDay } | null {
  const band = FROSTS_BY_LATITUDE.find(({ below }) => Math.abs(latitude) < below);
  const frosts = band?.frosts ?? null;
  if (!frosts || latitude >= 0) return frosts;
  return { lastFrost: sixMonthsOn(frosts.lastFrost), firstFrost: sixMonthsOn(frosts.firstFrost) };
}

/**
 * The frost dates a member's place counts from: their own, else those typical of their latitude, else of
 * a temperate garden in their hemisphere; null where it never freezes (their word, or their latitude's).
 */
export function frostsOfSettings(settings: {
  hemisphere: Hemisphere;
  latitude: number | null;
  frostFree: boolean;
  lastFrost: MonthDay | null;
  firstFrost: MonthDay | null;
}): { lastFrost: MonthDay; firstFrost: MonthDay } | null {
  if (settings.frostFree) return null;
  const { lastFrost, firstFrost } = settings;
  if (lastFrost && firstFrost) return { lastFrost, firstFrost };
  const typical =
    settings.latitude === null ? TYPICAL_FROSTS[settings.hemisphere] : frostsAtLatitude(settings.latitude);
  if (!typical && !lastFrost && !firstFrost) return null;
  const fallback = typical ?? TYPICAL_FROSTS[settings.hemisphere];
  return { lastFrost: lastFrost ?? fallback.lastFrost, firstFrost: firstFrost ?? fallback.firstFrost };
}

/**
 * The day a frost year starts, on or before `day`: 24 July in the north, 24 January in the south. A frost
 * year holds one autumn (its first frost) and the winter and spring after it (its last frost), so a
 * gardener's year is never split between two winters.
 */
export function frostYearStart(day: Date, hemisphere: Hemisphere): Date {
  const month = hemisphere === "north" ? 7 : 1;
  const year = day.getUTCFullYear();
  const thisYear = dayOf(year, month, 24);
  return day >= thisYear ? thisYear : dayOf(year - 1, month, 24);
}

/** The first and last frost of the frost year that starts on `start` (a frost year's own dates). */
export function frostsOf(start: Date, place: Place): { firstFrost: Date; lastFrost: Date } {
  const dates =
    place.lastFrost && place.firstFrost
      ? { lastFrost: place.lastFrost, firstFrost: place.firstFrost }
      : FROST_FREE[place.hemisphere];
  const within = (md: MonthDay) => {
    const candidate = onYear(md, start.getUTCFullYear());
    return candidate >= start ? candidate : onYear(md, start.getUTCFullYear() + 1);
  };
  return { firstFrost: within(dates.firstFrost), lastFrost: within(dates.lastFrost) };
}

/** A window as days: from its first day to its last, both included. */
export interface DaySpan {
  from: Date;
  to: Date;
}

/** The days of `weeks` counted from `frost`. */
const spanOf = (frost: Date, weeks: Weeks): DaySpan => ({
  from: addDays(frost, weeks[0] * 7),
  to: addDays(frost, weeks[1] * 7 + 6),
});

const overlaps = (a: DaySpan, b: DaySpan) => a.from <= b.to && b.from <= a.to;

/**
 * Each task of `windows` with its window's days in each frost year `offsets` away from the one holding
 * `day` (task by task, the years in the order given): what the three questions below choose among.
 */
function* spansAround(
  windows: Windows,
  place: Place,
  day: Date,
  offsets: readonly number[],
): Generator<{ task: Task; span: DaySpan }> {
  const start = frostYearStart(day, place.hemisphere);
  const years = offsets.map((offset) => frostsOf(onYearShift(start, offset), place));
  for (const task of TASKS) {
    const weeks = windows[task];
    if (!weeks) continue;
    for (const frosts of years)
      yield { task, span: spanOf(task === "sowAutumn" ? frosts.firstFrost : frosts.lastFrost, weeks) };
  }
}

/** For each task, the first of `candidates` that `keep` takes: at most one window a task. */
function firstPerTask(
  candidates: Iterable<{ task: Task; span: DaySpan }>,
  keep: (span: DaySpan) => boolean,
): Array<{ task: Task; span: DaySpan }> {
  const found = new Map<Task, DaySpan>();
  for (const { task, span } of candidates) if (!found.has(task) && keep(span)) found.set(task, span);
  return [...found].map(([task, span]) => ({ task, span }));
}

/**
 * The tasks of `windows` open at some day of `range` at `place`, each with its window's days. A window
 * may reach into the frost year before or after the one `range` starts in (a sowing 14 weeks after a late
 * frost runs past the split), so the three frost years around it are all asked.
 */
export function tasksIn(
  windows: Windows,
  place: Place,
  range: DaySpan,
): Array<{ task: Task; span: DaySpan }> {
  return firstPerTask(spansAround(windows, place, range.from, [-1, 0, 1]), (span) => overlaps(span, range));
}

/**
 * Each window of `windows` at `place` that is open on `today` or opens after it (the nearest such), in the
 * order they open. The frost years from the one holding `today` to two after are asked.
 */
export function nextWindows(
  windows: Windows,
  place: Place,
  today: Date,
): Array<{ task: Task; span: DaySpan }> {
  return firstPerTask(spansAround(windows, place, today, [0, 1, 2]), (span) => span.to >= today).sort(
    (a, b) => a.span.from.getTime() - b.span.from.getTime(),
  );
}

/**
 * The first window of `windows` at `place` to open after `today` (a window open today has begun, so its
 * next opening is a year on): the day "it's time to sow" comes back.
 */
export function nextOpening(
  windows: Windows,
  place: Place,
  today: Date,
): { task: Task; span: DaySpan } | null {
  let best: { task: Task; span: DaySpan } | null = null;
  for (const candidate of spansAround(windows, place, today, [-1, 0, 1, 2]))
    if (candidate.span.from > today && (!best || candidate.span.from < best.span.from)) best = candidate;
  return best;
}

/** The same day of the year `years` later: a frost year's start (24 July or January) always exists. */
const onYearShift = (day: Date, years: number) =>
  dayOf(day.getUTCFullYear() + years, day.getUTCMonth() + 1, day.getUTCDate());

/** The week (Monday to Sunday) that holds `day`. */
export function weekOf(day: Date): DaySpan {
  const monday = addDays(day, -((day.getUTCDay() + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

/** The calendar month that holds `day`. */
export function monthOf(day: Date): DaySpan {
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth() + 1;
  return { from: dayOf(year, month, 1), to: new Date(Date.UTC(year, month, 0)) };
}

/** The date a member's clock shows at `now` in `timeZone`, as a calendar day. */
export function todayIn(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number) as [number, number, number];
  return dayOf(parts[0], parts[1], parts[2]);
}

/**
 * The meteorological season of `day` where the member gardens: whole months, spring from March in the
 * north and from September in the south.
 */
export function seasonOf(day: Date, hemisphere: Hemisphere): "spring" | "summer" | "autumn" | "winter" {
  const SEASONS = ["winter", "spring", "summer", "autumn"] as const;
  const northern = Math.floor((day.getUTCMonth() + 1) / 3) % 4;
  return SEASONS[hemisphere === "north" ? northern : (northern + 2) % 4] ?? "winter";
}
