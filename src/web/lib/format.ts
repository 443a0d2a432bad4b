const numbers = new Intl.NumberFormat("en-US");

/** "1 tip", "23 tips", "10,000+ tips" (a lower bound: a broad search stops counting at the cap). */
export function countLabel(count: number, noun: { one: string; many: string }, exact = true): string {
  return `${numbers.format(count)}${exact ? "" : "+"} ${count === 1 && exact ? noun.one : noun.many}`;
}

export function formatNumber(value: number): string {
  return numbers.format(value);
}
