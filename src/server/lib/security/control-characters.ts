/**
 * C0 and C1 control characters (NUL, line feed, carriage return, escape...) and the Unicode line and
 * paragraph separators: each can end a log line, split a header or, for NUL, be refused by the database.
 */
export const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "gu");
const SHORT: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** `text` with every control character written as an escape (\n, \u0000...), so it stays on one line. */
export function escapeControlCharacters(text: string): string {
  return text.replace(
    CONTROL_CHARACTERS,
    (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
