import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { paths } from "#web/config/paths.ts";

/** A tip's author's name, leading to their gardener page. */
export function AuthorLink({
  tip,
  className = "",
}: {
  tip: Pick<Tip, "name" | "authorHandle">;
  className?: string;
}) {
  return (
    <Link to={paths.gardener.getHref(tip.authorHandle)} className={`link link-hover ${className}`} dir="auto">
      {tip.name}
    </Link>
  );
}
