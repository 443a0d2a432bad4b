/**
 * A comment's words on one line, at most `length` characters: cut at the last space past the middle
 * (a word is not broken in two), with an ellipsis when anything was left out.
 */
export function excerptOf(body: string, length: number): string {
  const line = body.replace(/\s+/g, " ").trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > length / 2 ? cut.slice(0, space) : cut}…`;
}
