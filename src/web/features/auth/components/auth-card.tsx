import { Sprout } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";

/** The frame of the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-10">
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
