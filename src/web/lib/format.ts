import { MONTHS } from "#shared/months.ts";

/**
 * "12,345": en-US digit groups for whole numbers, written out rather than asked of Intl. Making an
 * Intl.NumberFormat is the most expensive line of a page's first run (about 15 ms of a phone's main
 * thread, ADR 022), and every count shown is a whole number. Anything else still goes through Intl.
 */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString("en-US");
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}

/** "1 tip", "23 tips", "10,000+ tips" (a lower bound: a broad search stops counting at the cap). */
export function countLabel(count: number, noun: { one: string; many: string }, exact = true): string {
  return `${formatNumber(count)}${exact ? "" : "+"} ${count === 1 && exact ? noun.one : noun.many}`;
}

/** "March 2026" for an ISO 8601 time, in UTC (the same on the server's page and in every browser). */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * A label in sentence case, as every heading, option and label of the site is written: "rude or
 * harassing" → "Rude or harassing", "off-topic" → "Off-topic". Only the first letter changes (CSS
 * `capitalize` would give "Rude Or Harassing").
 */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * When to try again, in the words a person uses: "in a few seconds", "in about a minute", "in 5
 * minutes", "in about an hour", "in 3 hours", "in 2 days". Never a count of seconds, and never sooner
 * than the wait (minutes, hours and days are rounded up).
 */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.ceil(seconds / 3600);
  if (seconds <= 10) return "in a few seconds";
  if (seconds < 45) return "in less than a minute";
  if (seconds <= 90) return "in about a minute";
  if (minutes < 55) return `in ${minutes} minutes`;
  if (seconds <= 90 * 60) return "in about an hour";
  if (hours < 24) return `in ${hours} hours`;
  if (seconds <= 36 * 3600) return "in about a day";
  return `in ${Math.ceil(seconds / 86_400)} days`;
}
