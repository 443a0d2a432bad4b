import { Users } from "lucide-react";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import type { Gardener } from "#shared/schemas/gardener.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { useUser } from "#web/lib/auth.ts";
import { countLabel } from "#web/lib/format.ts";
import { useFollowStates } from "../api/follow.ts";
import { useProfile } from "../api/get-gardener.ts";
import { useGardeners } from "../api/get-gardeners.ts";
import { FollowButton } from "./follow-button.tsx";
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
      {(page) => <GardenerCards gardeners={page.items} />}
    </ListQueryView>
  );
}

/**
 * A page of cards; a member may follow each gardener from their card but their own. Whether they follow
 * each is asked once for the page.
 */
function GardenerCards({ gardeners }: { gardeners: Gardener[] }) {
  const { user } = useUser();
  const profile = useProfile({ enabled: Boolean(user) });
  const handles = gardeners.flatMap((gardener) => (gardener.handle ? [gardener.handle] : []));
  useFollowStates(handles, { enabled: Boolean(user) });
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {gardeners.map((gardener, index) => (
        <GardenerCard
          key={gardener.id}
          gardener={gardener}
          lazy={index >= 6}
          action={
            user &&
            profile.data &&
            gardener.handle &&
            gardener.handle !== profile.data.handle && (
              <FollowButton handle={gardener.handle} name={gardener.name} asked forVisitors={false} named />
            )
          }
        />
      ))}
    </div>
  );
}
