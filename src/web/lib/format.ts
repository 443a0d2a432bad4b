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

// English names, written out: making an Intl.DateTimeFormat costs a phone several milliseconds of a
// page's first run (ADR 022), for words that never change.
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "March 2026" for an ISO 8601 time, in UTC (the same on the server's page and in every browser). */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
