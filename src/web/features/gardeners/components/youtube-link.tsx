import { CirclePlay } from "lucide-react";

/**
 * A gardener's YouTube channel, in a new tab. An address a member typed passes no ranking (nofollow ugc),
 * as every link a member writes; the demo gardeners' are the site's own.
 */
export function YouTubeLink({ href, name, fromMember }: { href: string; name: string; fromMember: boolean }) {
  return (
    <a
      href={href}
      target="_blank"
      rel={fromMember ? "nofollow ugc noopener noreferrer" : "noopener noreferrer"}
      className="btn btn-ghost btn-sm text-error"
      aria-label={`${name} on YouTube (opens in a new tab)`}
    >
      <CirclePlay aria-hidden="true" className="size-4" />
      YouTube
    </a>
  );
}
