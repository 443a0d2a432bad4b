import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ListQueryView } from "./list-query-view.tsx";
import { FRAME } from "./page-frame.tsx";

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

/**
 * A home page section that shows a list: its header, then the list with its loading, error and empty
 * states. `tinted` gives the section the page's second background, across the full width.
 */
export function ListSection<T>({
  header,
  tinted = false,
  children,
  ...view
}: {
  header: Parameters<typeof SectionHeader>[0];
  tinted?: boolean;
} & Parameters<typeof ListQueryView<T>>[0]) {
  return (
    <section aria-labelledby={header.id} className={tinted ? "bg-base-200" : undefined}>
      <div className={`${FRAME} py-16`}>
        <SectionHeader {...header} />
        <ListQueryView {...view}>{children}</ListQueryView>
      </div>
    </section>
  );
}
