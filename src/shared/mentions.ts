/**
 * Members named in a comment: `@` and a handle, not inside a word, an e-mail address or a web address
 * ("ana@example.com" and "example.com/@ana" name nobody). The database finds exactly these to tell the
 * members named (drizzle/0046), and the page links exactly these to their gardener pages.
 */
const MENTION = /(^|[^a-z0-9_@/.])@([a-z0-9_]{2,25})(?![a-z0-9_])/gi;

interface FoundMention {
  /** The handle named, in lower case as handles are kept. */
  handle: string;
  /** Where its `@` is in the text. */
  index: number;
  /** How long it is as written, `@` included. */
  length: number;
}

/** Each mention in `text`, in order. */
export function findMentions(text: string): FoundMention[] {
  return [...text.matchAll(MENTION)].map((match) => {
    const [, before = "", handle = ""] = match;
    return { handle: handle.toLowerCase(), index: match.index + before.length, length: handle.length + 1 };
  });
}
