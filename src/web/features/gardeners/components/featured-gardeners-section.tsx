import { Users } from "lucide-react";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListSection } from "#web/components/ui/section-header.tsx";
import { paths } from "#web/config/paths.ts";
import { useGardeners } from "../api/get-gardeners.ts";
import { GardenerCard } from "./gardener-card.tsx";

const FEATURED_GARDENERS_LIMIT = 6;

/** The home page's featured active gardeners (GET /api/gardeners?status=active). */
export function FeaturedGardenersSection() {
  const gardeners = useGardeners({ status: "active", limit: FEATURED_GARDENERS_LIMIT });
  return (
    <ListSection
      header={{
        id: "featured-gardeners",
        icon: <Users aria-hidden="true" className="size-7 text-primary" />,
        title: "Featured Active Gardeners",
        text: "Growers who are sharing and tending their gardens right now.",
        link: { to: paths.exploreGardeners.getHref(), label: "Explore all gardeners" },
      }}
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
    </ListSection>
  );
}
