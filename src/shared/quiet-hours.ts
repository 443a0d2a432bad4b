import { TZDate } from "@date-fns/tz";

/** A time of day as a member writes it, "22:00"; the minutes after midnight it names. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Quiet hours: no e-mail from `from` until `to`, both "HH:MM" in the member's time zone. */
export interface QuietHours {
  from: string;
  to: string;
}

/** "22:30" → 1350. */
export const minutesOf = (time: string): number => {
  const [, hours = "0", minutes = "0"] = TIME_OF_DAY.exec(time) ?? [];
  return Number(hours) * 60 + Number(minutes);
};

/** 1350 → "22:30". */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * When the member's quiet hours end, if `now` falls in them (in `timeZone`); null outside them or
 * without any. Quiet hours that pass midnight (22:00 to 07:00) end the next morning.
 */
export function quietUntil(quiet: QuietHours | null, timeZone: string, now: Date): Date | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const local = new TZDate(now.getTime(), timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return null;
  // The end is today when it is still ahead on today's clock, else tomorrow.
  const dayAhead = minute < to ? 0 : 1;
  return new Date(
    new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + dayAhead,
      Math.floor(to / 60),
      to % 60,
      timeZone,
    ).getTime(),
  );
}
