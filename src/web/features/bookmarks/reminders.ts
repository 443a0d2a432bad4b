import { TZDate } from "@date-fns/tz";
import { type Hemisphere, nextSeasonStart, REMINDER_HOUR, type Season, zonedTime } from "#shared/seasons.ts";

/** A reminder as the dialog offers it: none, a quick choice, a season, or a day and time of one's own. */
export type ReminderChoice = "none" | "tomorrow" | "weekend" | "month" | Season | "custom";

/**
 * Tomorrow, the coming Saturday (a week on, on a Saturday) and a month on, each at 08:00 on the member's
 * clocks (`timeZone`).
 */
export function quickTimes(now: Date, timeZone: string): Record<"tomorrow" | "weekend" | "month", Date> {
  const today = new TZDate(now.getTime(), timeZone);
  const [year, month, day] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const toSaturday = (6 - today.getDay() + 7) % 7 || 7;
  return {
    tomorrow: zonedTime(year, month, day + 1, REMINDER_HOUR, timeZone),
    weekend: zonedTime(year, month, day + toSaturday, REMINDER_HOUR, timeZone),
    month: zonedTime(year, month + 1, day, REMINDER_HOUR, timeZone),
  };
}

/** When a season's reminder would come back for this member, or null until their hemisphere is known. */
export function seasonTime(
  season: Season,
  hemisphere: Hemisphere | null,
  timeZone: string,
  now: Date,
): Date | null {
  return hemisphere ? nextSeasonStart(season, hemisphere, timeZone, now) : null;
}

/**
 * A reminder's time as people read it, in the member's time zone: "Sat 6 Dec, 08:00", with the year
 * when it is not this year's ("Wed 1 Sep 2027, 08:00").
 */
export function reminderLabel(at: Date, timeZone: string, now = new Date()): string {
  const parts = (date: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone,
      })
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
  const { weekday, day, month, year, hour, minute } = parts(at);
  const sameYear = year === parts(now).year;
  return `${weekday} ${day} ${month}${sameYear ? "" : ` ${year}`}, ${hour}:${minute}`;
}

/** A date-time input's value ("2027-03-01T08:00"), read as the browser's local time. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number);
  const date = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time as a date-time input shows it, in the browser's local time. */
export function toLocalInput(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}
