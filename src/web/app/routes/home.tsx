import { FRAME } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { SowThisWeekCard } from "#web/features/calendar/components/sow-this-week-card.tsx";
import { FeaturedGardenersSection } from "#web/features/gardeners/components/featured-gardeners-section.tsx";
import { BannerCarousel } from "#web/features/home/components/banner-carousel.tsx";
import { SuccessStoriesSection } from "#web/features/home/components/success-stories-section.tsx";
import { UpcomingEventsSection } from "#web/features/home/components/upcoming-events-section.tsx";
import { TrendingTipsSection } from "#web/features/tips/components/trending-tips-section.tsx";

export function HomeRoute() {
  return (
    <>
      <PageHead
        title="Home"
        description="Gardening Community: featured gardeners, trending gardening tips, upcoming events and success stories from fellow growers."
      />
      <h1 className="sr-only">Gardening Community</h1>
      <BannerCarousel />
      <SowThisWeekCard className={`${FRAME} mt-10`} />
      <FeaturedGardenersSection />
      <TrendingTipsSection />
      <UpcomingEventsSection />
      <SuccessStoriesSection />
    </>
  );
}
