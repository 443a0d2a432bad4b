import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { ExploreGardenersList } from "#web/features/gardeners/components/explore-gardeners-list.tsx";

export function ExploreGardenersRoute() {
  return (
    <PageFrame>
      <PageHeader
        head={{
          title: "Explore Gardeners",
          description: "Meet the gardeners of our community: their gardens, experience and shared tips.",
        }}
        title="Explore Gardeners"
        text="Meet the people growing, sharing and learning in our community."
      />
      <ExploreGardenersList />
    </PageFrame>
  );
}
