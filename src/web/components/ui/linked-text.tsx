import type { ReactNode } from "react";

/**
 * An address written in a member's text: http(s):// up to the next space or angle bracket. Closing
 * punctuation is left to the sentence (see `trimmed`).
 */
const ADDRESS = /https?:\/\/[^\s<>"]+/gi;

/** "(see https://a.example/x)." keeps ")." out of the link; a bracket opened inside the address stays. */
function trimmed(address: string): string {
  let end = address.length;
  while (end > 0) {
    const last = address[end - 1] ?? "";
    if (/[.,;:!?'"]/.test(last)) end--;
    else if (
      last === ")" &&
      (address.slice(0, end).match(/\(/g)?.length ?? 0) < (address.slice(0, end).match(/\)/g)?.length ?? 0)
    )
      end--;
    else break;
  }
  return address.slice(0, end);
}

/**
 * A member's plain text (a bio, a comment) as text, line breaks kept, with its web addresses made links
 * that pass no ranking and no window to the page they open. Nothing in it is ever read as HTML.
 */
export function LinkedText({ text, className = "" }: { text: string; className?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimmed(match[0]);
    if (address.length <= "https://".length) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={address} rel="nofollow ugc noopener" className="link link-primary break-all">
        {address}
      </a>,
    );
    last = match.index + address.length;
  }
  parts.push(text.slice(last));
  return (
    <p className={`whitespace-pre-line wrap-anywhere ${className}`} dir="auto">
      {parts}
    </p>
  );
}
