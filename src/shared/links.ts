/**
 * Web addresses in a member's plain text (a bio, a comment): http(s):// up to the next space, angle
 * bracket or quote, without the sentence's closing punctuation. The page links exactly these, and the
 * brakes for new accounts count exactly these.
 */
const ADDRESS = /https?:\/\/[^\s<>"]+/gi;

/** "(see https://a.example/x)." keeps ")." out of the address; a bracket opened inside it stays. */
function trimmed(address: string): string {
  let end = address.length;
  const count = (char: string) => address.slice(0, end).split(char).length - 1;
  while (end > 0) {
    const last = address[end - 1] ?? "";
    if (/[.,;:!?'"]/.test(last) || (last === ")" && count("(") < count(")"))) end--;
    else break;
  }
  return address.slice(0, end);
}

/** Each address in `text`, with where it starts. */
export function findLinks(text: string): Array<{ address: string; index: number }> {
  const links: Array<{ address: string; index: number }> = [];
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimmed(match[0]);
    if (address.length > "https://".length) links.push({ address, index: match.index });
  }
  return links;
}
