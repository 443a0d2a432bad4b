import { Users } from "lucide-react";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { countLabel } from "#web/lib/format.ts";
import { useGardeners } from "../api/get-gardeners.ts";
import { GardenerCard } from "./gardener-card.tsx";

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Explore Gardeners (/explore-gardeners): every gardener's card, a page at a time, the page kept in the URL. */
export function ExploreGardenersList() {
  const list = useListPage();
  const gardeners = useGardeners(pageWindow(list.page, PAGE_SIZE));

  return (
    <ListQueryView
      query={gardeners}
      loadingLabel="Loading gardeners…"
      errorTitle="We could not load the gardeners"
      paging={list.paging({ pageSize: PAGE_SIZE, label: "Gardener pages", scrollToTop: true })}
      empty={
        <EmptyState
          icon={<Users aria-hidden="true" className="size-12 text-base-content/50" />}
          message="No gardeners found."
        />
      }
      summary={(page) => countLabel(page.total, { one: "gardener", many: "gardeners" })}
    >
      {(page) => (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.items.map((gardener, index) => (
            <GardenerCard key={gardener.id} gardener={gardener} lazy={index >= 6} />
          ))}
        </div>
      )}
    </ListQueryView>
  );
}
