import { Hammer } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";

/** Stands where a page is still being built, saying so plainly. */
export function ComingSoonRoute({ title, feature }: { title: string; feature: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <title>{`${title} - Gardening Community`}</title>
      <meta name="description" content={`${feature} of Gardening Community is being built.`} />
      <Hammer aria-hidden="true" className="size-12 text-secondary" />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-base-content/80">{feature} is being built and will be here soon.</p>
      <Link to={paths.exploreGardeners.getHref()} className="btn btn-primary">
        Explore Gardeners meanwhile
      </Link>
    </section>
  );
}
