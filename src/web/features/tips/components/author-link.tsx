import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { RoleBadge } from "#web/components/ui/role-badge.tsx";
import { paths } from "#web/config/paths.ts";

/**
 * A tip's author's name, leading to their gardener page; the team's role beside it. A deleted account's
 * name ("Former gardener") has no page to lead to.
 */
export function AuthorLink({
  tip,
  className = "",
}: {
  tip: Pick<Tip, "name" | "authorHandle" | "authorRole" | "authorGone">;
  className?: string;
}) {
  if (tip.authorGone) return <span className={`italic ${className}`}>{tip.name}</span>;
  return (
    <>
      <Link
        to={paths.gardener.getHref(tip.authorHandle)}
        className={`link link-hover ${className}`}
        dir="auto"
      >
        {tip.name}
      </Link>
      {tip.authorRole && (
        <>
          {" "}
          <RoleBadge role={tip.authorRole} />
        </>
      )}
    </>
  );
}
