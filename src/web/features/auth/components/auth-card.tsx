import { Sprout } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";

/**
 * The frame of the sign-in, sign-up and password pages, and the document's title and description for
 * them (`head`; its title is the card's unless it names another).
 */
export function AuthCard({
  title,
  subtitle,
  head,
  children,
}: {
  title: string;
  subtitle?: string;
  head: { title?: string; description: string };
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
      <PageHead title={head.title ?? title} description={head.description} />
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          <Link
            to={paths.home.getHref()}
            className="flex items-center justify-center gap-2 font-bold text-primary"
          >
            <Sprout aria-hidden="true" className="size-7" />
            <span>Gardening Community</span>
          </Link>
          <div className="text-center">
            <h1 className="text-2xl font-bold">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-base-content/80">{subtitle}</p>}
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
