import type { ReactNode } from "react";
import { findLinks } from "#shared/links.ts";

/**
 * A member's plain text (a bio, a comment) as text, line breaks kept, with its web addresses made links
 * that pass no ranking and no window to the page they open ("www.example.com" opens over https). E-mail
 * addresses stay text. Nothing in it is ever read as HTML.
 */
export function LinkedText({ text, className = "", id }: { text: string; className?: string; id?: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const { address, href, index } of findLinks(text)) {
    parts.push(text.slice(last, index));
    parts.push(
      <a key={index} href={href} rel="nofollow ugc noopener" className="link link-primary break-all">
        {address}
      </a>,
    );
    last = index + address.length;
  }
  parts.push(text.slice(last));
  return (
    <p id={id} className={`whitespace-pre-line wrap-anywhere ${className}`} dir="auto">
      {parts}
    </p>
  );
}
