import type { ReactNode } from "react";
import { Link } from "react-router";
import { findLinks } from "#shared/links.ts";
import { findMentions } from "#shared/mentions.ts";
import { paths } from "#web/config/paths.ts";

/** A stretch of the text to draw as a link: a web address, or a member named by @handle. */
interface Found {
  index: number;
  length: number;
  draw: (key: number) => ReactNode;
}

/**
 * A member's plain text (a bio, a comment) as text, line breaks kept, with its web addresses made links
 * that pass no ranking and no window to the page they open ("www.example.com" opens over https). E-mail
 * addresses stay text. With `mentions`, an @handle leads to that gardener's page. Nothing in it is ever
 * read as HTML.
 */
export function LinkedText({
  text,
  className = "",
  id,
  mentions = false,
}: {
  text: string;
  className?: string;
  id?: string;
  mentions?: boolean;
}) {
  const links: Found[] = findLinks(text).map(({ address, href, index }) => ({
    index,
    length: address.length,
    draw: (key) => (
      <a key={key} href={href} rel="nofollow ugc noopener" className="link link-primary break-all">
        {address}
      </a>
    ),
  }));
  // A mention inside a web address is part of the address.
  const inLink = (index: number) =>
    links.some((link) => index >= link.index && index < link.index + link.length);
  const named: Found[] = mentions
    ? findMentions(text)
        .filter(({ index }) => !inLink(index))
        .map(({ handle, index, length }) => ({
          index,
          length,
          draw: (key) => (
            <Link key={key} to={paths.gardener.getHref(handle)} className="link link-primary font-medium">
              {text.slice(index, index + length)}
            </Link>
          ),
        }))
    : [];
  const parts: ReactNode[] = [];
  let last = 0;
  for (const found of [...links, ...named].sort((a, b) => a.index - b.index)) {
    parts.push(text.slice(last, found.index));
    parts.push(found.draw(found.index));
    last = found.index + found.length;
  }
  parts.push(text.slice(last));
  return (
    <p id={id} className={`whitespace-pre-line wrap-anywhere ${className}`} dir="auto">
      {parts}
    </p>
  );
}
