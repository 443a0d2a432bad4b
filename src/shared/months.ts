/**
 * The months' English names, written out: making an Intl.DateTimeFormat costs a phone several
 * milliseconds of a page's first run (ADR 022), for words that never change.
 */
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
