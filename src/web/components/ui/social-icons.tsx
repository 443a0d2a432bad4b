import type { SocialNetwork } from "#shared/constants.ts";

/** Simple brand glyphs drawn for this site (24x24, currentColor). */
const GLYPHS: Record<SocialNetwork, { label: string; path: string }> = {
  facebook: {
    label: "Facebook",
    path: "M14 8h3V4h-3c-2.8 0-4.5 1.9-4.5 4.7V11H7v4h2.5v8h4v-8h3l.5-4h-3.5V8.9c0-.6.3-.9.5-.9z",
  },
  twitter: {
    label: "X (Twitter)",
    path: "M4 3h4.6l4 5.6L17.4 3H20l-6.2 7.3L21 21h-4.6l-4.4-6.1L6.7 21H4l6.9-8z",
  },
  instagram: {
    label: "Instagram",
    path: "M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4zM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm5.3-3.3a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z",
  },
  linkedin: {
    label: "LinkedIn",
    path: "M3 3h18v18H3zm3.3 7v8h2.6v-8zm1.3-4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM11 10v8h2.6v-4.2c0-1.3.6-2 1.6-2s1.4.7 1.4 2V18h2.6v-4.8c0-2.4-1.2-3.4-3-3.4-1.2 0-2 .5-2.6 1.3V10z",
  },
};

export function SocialIcon({ network, href }: { network: SocialNetwork; href: string }) {
  const glyph = GLYPHS[network];
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-ghost btn-circle btn-sm">
      <span className="sr-only">{`${glyph.label} (opens in a new tab)`}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
        <path d={glyph.path} />
      </svg>
    </a>
  );
}
