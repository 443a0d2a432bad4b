import { Sprout } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <title>Page Not Found - Gardening Community</title>
      <meta name="description" content="The page you asked for does not exist on Gardening Community." />
      <Sprout aria-hidden="true" className="size-16 text-primary" />
      <p className="text-7xl font-black text-primary">404</p>
      {/* The spec's one sentence, read as one: the second half is a quieter line of the same heading. */}
      <h1 className="text-2xl font-bold">
        The page cannot be found.{" "}
        <span className="mt-2 block text-base font-normal text-base-content/80">
          The requested URL was not found on this server.
        </span>
      </h1>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Back to Home
      </Link>
    </section>
  );
}
