import { z } from "zod";
import { MONTHS } from "../months.ts";
import { HEMISPHERES, type Hemisphere } from "../seasons.ts";
import { FROST_FREE, onYear, type Place } from "./frost.ts";

/**
 * When a tip's advice is for (ADR 095), as its author gives it: weeks before or after a frost, which every
 * reader counts from their own frost dates, or a run of months in the author's hemisphere, which a reader
 * in the other hemisphere sees six months on. Never a season's name: seasons are computed, not stored.
 */
export const MAX_FROST_WEEKS = 16;
const FROSTS = ["last", "first"] as const;
type Frost = (typeof FROSTS)[number];

const month = (label: string) =>
  z
    .number({ error: `${label} must be a month's number, 1 to 12` })
    .int(`${label} must be a month's number, 1 to 12`)
    .min(1, `${label} must be a month's number, 1 to 12`)
    .max(12, `${label} must be a month's number, 1 to 12`);

export const TipWhenSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("frost"),
        /** The last spring frost, or the first autumn frost. */
        frost: z.enum(FROSTS, { error: 'frost must be "last" (spring) or "first" (autumn)' }),
        /** Weeks from that frost: negative before it, positive after, 0 at it. */
        weeks: z
          .number({ error: "weeks must be a whole number of weeks" })
          .int("weeks must be a whole number of weeks")
          .min(-MAX_FROST_WEEKS, `weeks must be between -${MAX_FROST_WEEKS} and ${MAX_FROST_WEEKS}`)
          .max(MAX_FROST_WEEKS, `weeks must be between -${MAX_FROST_WEEKS} and ${MAX_FROST_WEEKS}`),
      }),
      z.object({
        kind: z.literal("months"),
        /** The first and last month of the run, 1-12; a run may cross the year's end (November to February). */
        from: month("from"),
        to: month("to"),
        /** The hemisphere the months are for: the author's. */
        hemisphere: z.enum(HEMISPHERES, { error: 'hemisphere must be "north" or "south"' }),
      }),
    ],
    { error: 'when must be {kind: "frost", frost, weeks} or {kind: "months", from, to, hemisphere}' },
  )
  .meta({ id: "TipWhen" });
export type TipWhen = z.infer<typeof TipWhenSchema>;

const monthName = (n: number) => MONTHS[(n - 1 + 12) % 12] ?? "";
/** The same part of the year in the other hemisphere: six months on. */
const across = (n: number) => ((n + 5) % 12) + 1;
const run = (from: number, to: number) =>
  from === to ? monthName(from) : `${monthName(from)} to ${monthName(to)}`;
const HEMISPHERE_NAMES: Record<Hemisphere, string> = { north: "northern", south: "southern" };

const FROST_NAMES: Record<Frost, string> = { last: "the last spring frost", first: "the first autumn frost" };

function frostPhrase(when: Extract<TipWhen, { kind: "frost" }>): string {
  const frost = FROST_NAMES[when.frost];
  if (when.weeks === 0) return `At ${frost}`;
  const weeks = Math.abs(when.weeks);
  return `${weeks} ${weeks === 1 ? "week" : "weeks"} ${when.weeks < 0 ? "before" : "after"} ${frost}`;
}

/** "9 March": a day of any year, in UTC as the calendar counts. */
const dayMonth = (day: Date) => `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;

/**
 * A tip's "when" as a reader reads it: `text` in their own terms, and `note` when it was shifted for them.
 * With the reader's frost dates a frost-relative time also gives their day ("around 9 March where you
 * garden"); a frost-free place has no frost to count from, and says so. Months written for the other
 * hemisphere are shown six months on, with a note giving the author's own months.
 */
export function readWhen(when: TipWhen, reader: Place | null): { text: string; note?: string } {
  if (when.kind === "frost") {
    const text = frostPhrase(when);
    if (!reader) return { text };
    // A place where it never freezes counts from the middle of its cool season, as the calendar does.
    const frostFree = !reader.lastFrost || !reader.firstFrost;
    const dates = frostFree ? FROST_FREE[reader.hemisphere] : reader;
    const frost = (when.frost === "last" ? dates.lastFrost : dates.firstFrost) ?? "";
    // Any year will do for a day and a month; a leap year keeps 29 February.
    const day = new Date(onYear(frost, 2028).getTime() + when.weeks * 7 * 86_400_000);
    return {
      text: `${text}: around ${dayMonth(day)} where you garden`,
      ...(frostFree
        ? { note: "Where you garden it does not freeze: counted from the middle of your cool season." }
        : {}),
    };
  }
  const written = `${run(when.from, when.to)} in the ${HEMISPHERE_NAMES[when.hemisphere]} hemisphere`;
  if (!reader || reader.hemisphere === when.hemisphere) return { text: written };
  return {
    text: `${run(across(when.from), across(when.to))} where you garden`,
    note: `Shifted six months for the ${HEMISPHERE_NAMES[reader.hemisphere]} hemisphere: the author wrote ${written}.`,
  };
}
