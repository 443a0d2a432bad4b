import { Flame } from "lucide-react";
import { TRENDING_TIPS_LIMIT } from "#shared/constants.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { SectionHeader } from "#web/components/ui/section-header.tsx";
import { paths } from "#web/config/paths.ts";
import { useTips } from "../api/get-tips.ts";
import { TipCardGrid } from "./tip-card.tsx";

/** The home page's top trending tips: public tips by likes, then newest, six of them (ruling 13). */
export function TrendingTipsSection() {
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
          {(list) => <TipCardGrid tips={list.items} />}
        </ListQueryView>
      </div>
    </section>
  );
}
