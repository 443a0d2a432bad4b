import { TZDate } from "@date-fns/tz";
import { type QuietHours, quietUntil } from "#shared/quiet-hours.ts";
import type { SUMMARY_EVERY } from "#shared/schemas/settings.ts";

/** The hour of the member's morning a summary is sent at, unless their quiet hours last longer. */
const SUMMARY_HOUR = 8;
const DAY_MS = 86_400_000;

/** What decides when a member's summaries come. */
export interface SummaryPlan {
  every: (typeof SUMMARY_EVERY)[number];
  /** 0 Sunday to 6 Saturday: a weekly summary's day. */
  day: number;
  timeZone: string;
  quiet: QuietHours | null;
}

/**
 * The days between two summaries: a day or a week, then, once members leave them unopened (no visit to
 * the site since), a fortnight after 4 and about a month after 8.
 */
export function summaryIntervalDays(every: SummaryPlan["every"], unopened: number): number {
  const base = every === "daily" ? 1 : 7;
  if (unopened >= 8) return Math.max(base, 28);
  if (unopened >= 4) return Math.max(base, 14);
  return base;
}

/**
 * The next slot at least `intervalDays` after `after` (less a day's slack, so a weekly slot stays on its
 * weekday): 08:00 on the member's clock, on their day for a weekly summary, or when their quiet hours end
 * if those hold 08:00.
 */
export function nextSummarySlot(plan: SummaryPlan, after: Date, intervalDays: number): Date {
  const earliest = new Date(after.getTime() + (intervalDays - 1) * DAY_MS);
  const local = new TZDate(earliest.getTime(), plan.timeZone);
  for (let ahead = 0; ahead <= 8; ahead++) {
    const morning = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + ahead,
      SUMMARY_HOUR,
      0,
      plan.timeZone,
    );
    const slot = new Date(morning.getTime());
    if (slot <= earliest || slot <= after) continue;
    if (plan.every === "weekly" && morning.getDay() !== plan.day) continue;
    return quietUntil(plan.quiet, plan.timeZone, slot) ?? slot;
  }
  // Unreachable: eight mornings hold every weekday.
  return new Date(earliest.getTime() + 7 * DAY_MS);
}
