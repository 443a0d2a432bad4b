import { Flame } from "lucide-react";
import { TRENDING_TIPS_LIMIT } from "#shared/constants.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListSection } from "#web/components/ui/section-header.tsx";
import { paths } from "#web/config/paths.ts";
import { useTips } from "../api/get-tips.ts";
import { TipCardGrid } from "./tip-card.tsx";

/** The home page's top trending tips: public tips by likes, then newest, six of them. */
export function TrendingTipsSection() {
  const trending = useTips({ availability: "Public", sort: "likes", limit: TRENDING_TIPS_LIMIT });
  return (
    <ListSection
      tinted
      header={{
        id: "trending-tips",
        icon: <Flame aria-hidden="true" className="size-7 text-secondary" />,
        title: "Top Trending Tips",
        text: "The tips fellow gardeners like most.",
        link: { to: paths.browseTips.getHref(), label: "Browse all tips" },
      }}
      query={trending}
      loadingLabel="Loading tips…"
      errorTitle="We could not load the trending tips"
      empty={<EmptyState message="No public tips yet. Be the first to share one!" />}
    >
      {(list) => <TipCardGrid tips={list.items} />}
    </ListSection>
  );
}
