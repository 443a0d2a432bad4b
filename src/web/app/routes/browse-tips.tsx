import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { BrowseTipsList } from "#web/features/tips/components/browse-tips-list.tsx";

export function BrowseTipsRoute() {
  return (
    <PageFrame>
      <PageHeader
        head={{
          title: "Browse Tips",
          description: "Browse public gardening tips shared by the community, by level or by search.",
        }}
        id="browse-heading"
        title="Public Garden Tips"
        text="Practical advice from gardeners like you. Search by title, plant or author, or filter by level."
      />
      <BrowseTipsList labelledBy="browse-heading" />
    </PageFrame>
  );
}
