import { ArrowRight, Flame, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TRENDING_TIPS_LIMIT } from "#shared/constants.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { useGardeners } from "#web/features/gardeners/api/get-gardeners.ts";
import { GardenerCard } from "#web/features/gardeners/components/gardener-card.tsx";
import { BannerCarousel } from "#web/features/home/components/banner-carousel.tsx";
import { SuccessStoriesSection } from "#web/features/home/components/success-stories-section.tsx";
import { UpcomingEventsSection } from "#web/features/home/components/upcoming-events-section.tsx";
import { useTips } from "#web/features/tips/api/get-tips.ts";
import { TipCard } from "#web/features/tips/components/tip-card.tsx";

const FEATURED_GARDENERS_LIMIT = 6;

export function HomeRoute() {
  return (
    <>
      <title>Home - Gardeners community</title>
      <meta
        name="description"
        content="Garden Community: featured gardeners, trending gardening tips, upcoming events and success stories from fellow growers."
      />
      <h1 className="sr-only">Garden Community</h1>
      <BannerCarousel />
      <FeaturedGardeners />
      <TrendingTips />
      <UpcomingEventsSection />
      <SuccessStoriesSection />
    </>
  );
}

function SectionHeader({
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

function FeaturedGardeners() {
  const gardeners = useGardeners({ status: "active", limit: FEATURED_GARDENERS_LIMIT });
  return (
    <section aria-labelledby="featured-gardeners" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeader
        id="featured-gardeners"
        icon={<Users aria-hidden="true" className="size-7 text-primary" />}
        title="Featured Active Gardeners"
        text="Growers who are sharing and tending their gardens right now."
        link={{ to: paths.exploreGardeners.getHref(), label: "Explore all gardeners" }}
      />
      <ListQueryView
        query={gardeners}
        loadingLabel="Loading gardeners…"
        errorTitle="We could not load the gardeners"
        empty={<EmptyState message="No active gardeners yet." />}
      >
        {(list) => (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.items.map((gardener) => (
              <GardenerCard key={gardener.id} gardener={gardener} headingLevel="h3" />
            ))}
          </div>
        )}
      </ListQueryView>
    </section>
  );
}

function TrendingTips() {
  const trending = useTips({ availability: "Public", sort: "likes", limit: TRENDING_TIPS_LIMIT });
  return (
    <section aria-labelledby="trending-tips" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <SectionHeader
          id="trending-tips"
          icon={<Flame aria-hidden="true" className="size-7 text-secondary" />}
          title="Top Trending Tips"
          text="The tips fellow gardeners like most."
          link={{ to: paths.browseTips.getHref(), label: "Browse all tips" }}
        />
        <ListQueryView
          query={trending}
          loadingLabel="Loading tips…"
          errorTitle="We could not load the trending tips"
          empty={<EmptyState message="No public tips yet. Be the first to share one!" />}
        >
          {(list) => (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {list.items.map((tip) => (
                <TipCard key={tip._id} tip={tip} />
              ))}
            </div>
          )}
        </ListQueryView>
      </div>
    </section>
  );
}
