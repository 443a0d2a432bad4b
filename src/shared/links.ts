/**
 * Web addresses in a member's plain text (a bio, a comment): http(s):// up to the next space, angle
 * bracket or quote, without the sentence's closing punctuation; and addresses written without a scheme
 * from `www.` on ("www.example.com", which the page opens over https). An e-mail address is never one,
 * nor any part of one. The page links exactly these, and the brakes for new accounts count exactly these.
 */
const ADDRESS = /(https?:\/\/[^\s<>"]+)|(^|[^\p{L}\p{N}_@./:-])(www\.[^\s<>"]+)/giu;

/** "www." then a name with at least one dot in it: "www.example.com", not "www." or "www.example". */
const WWW_HOST = /^www\.[^./?#]+\.[^./?#]/i;

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

interface FoundLink {
  /** The address as written in the text. */
  address: string;
  /** Where it leads: the address itself, or https:// before one written from `www.`. */
  href: string;
  /** Where it starts in the text. */
  index: number;
}

/** Each address in `text`, with where it leads and where it starts. */
export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const [, withScheme, before = "", www] = match;
    if (withScheme) {
      const address = trimmed(withScheme);
      if (address.length > "https://".length) links.push({ address, href: address, index: match.index });
    } else if (www) {
      const address = trimmed(www);
      // "www.ana@example.com" is an e-mail address, not a web page ("www.example.com/@ana" is a page).
      const host = address.split(/[/?#]/, 1)[0] ?? "";
      if (WWW_HOST.test(address) && !host.includes("@"))
        links.push({ address, href: `https://${address}`, index: match.index + before.length });
    }
  }
  return links;
}
