import { TZDate } from "@date-fns/tz";

export const HEMISPHERES = ["north", "south"] as const;
export type Hemisphere = (typeof HEMISPHERES)[number];
export const SEASONS = ["spring", "autumn"] as const;
export type Season = (typeof SEASONS)[number];

/**
 * The month a season starts in, by the meteorological calendar gardeners plan by (whole months, not the
 * equinox): spring is March in the north and September in the south, autumn the other way round.
 */
export function seasonMonth(season: Season, hemisphere: Hemisphere): number {
  return (season === "spring") === (hemisphere === "north") ? 3 : 9;
}

/** The hour of the day a reminder for a season (or a quick choice without a time) comes back. */
export const REMINDER_HOUR = 8;

/** Whether `timeZone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The instant the clocks of `timeZone` show that day (`month` 1-12) at `hour`:00. */
export function zonedTime(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  return new Date(new TZDate(year, month - 1, day, hour, 0, timeZone).getTime());
}

/**
 * When "next spring" (or autumn) starts for a member: the first day of the season's month at 08:00 in
 * their time zone, the first such morning after `now`. Asked in the season itself, it is the next year's.
 */
export function nextSeasonStart(season: Season, hemisphere: Hemisphere, timeZone: string, now: Date): Date {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const month = seasonMonth(season, hemisphere);
  const thisYear = new TZDate(now.getTime(), zone).getFullYear();
  const start = zonedTime(thisYear, month, 1, REMINDER_HOUR, zone);
  return start > now ? start : zonedTime(thisYear + 1, month, 1, REMINDER_HOUR, zone);
}
