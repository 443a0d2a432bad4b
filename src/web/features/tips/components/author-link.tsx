import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { RoleBadge } from "#web/components/ui/role-badge.tsx";
import { paths } from "#web/config/paths.ts";

/** A tip's author's name, leading to their gardener page; the team's role beside it. */
export function AuthorLink({
  tip,
  className = "",
}: {
  tip: Pick<Tip, "name" | "authorHandle" | "authorRole">;
  className?: string;
}) {
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
