import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";

/** A simple welcome until the full home page (carousel, featured gardeners, trending tips) is built. */
export function HomeRoute() {
  return (
    <section className="hero min-h-[60vh] bg-base-200">
      <title>Home - Gardeners community</title>
      <div className="hero-content text-center">
        <div className="max-w-xl">
          <h1 className="text-4xl font-bold md:text-5xl">Grow together</h1>
          <p className="py-6 text-lg text-base-content/80">
            Garden Community is where gardening enthusiasts share what works, browse tips from fellow growers
            and meet the people behind them.
          </p>
          <Link to={paths.exploreGardeners.getHref()} className="btn btn-primary">
            Explore Gardeners
          </Link>
        </div>
      </div>
    </section>
  );
}
