import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The heading of a home page section, with a link to the page that shows all of it. */
export function SectionHeader({
  id,
  icon,
  title,
  text,
  link,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  link: { to: string; label: string };
}) {
  return (
    <div className="mb-8 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
      <div>
        <h2 id={id} className="flex items-center gap-2 text-3xl font-bold">
          {icon}
          {title}
        </h2>
        <p className="mt-1 text-base-content/80">{text}</p>
      </div>
      <Link to={link.to} className="btn btn-ghost btn-sm self-start md:self-auto">
        {link.label}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
