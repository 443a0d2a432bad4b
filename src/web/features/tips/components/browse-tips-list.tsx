import { Sprout } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { useUser } from "#web/lib/auth.ts";
import { countLabel } from "#web/lib/format.ts";
import { useTips } from "../api/get-tips.ts";
import { TipCardGrid } from "./tip-card.tsx";
import { tipColumns } from "./tip-columns.tsx";
import { TipFilters } from "./tip-filters.tsx";
import { publicTipsView } from "./tip-list-views.ts";
import { TipTable } from "./tip-table.tsx";

const PAGE_SIZE = 10;
const COLUMNS = [
  tipColumns.image,
  tipColumns.title,
  tipColumns.category,
  tipColumns.level,
  tipColumns.seeMore,
];

/**
 * Browse Tips (/browse-tips): public tips with the level filter, search and, for a member, only those of
 * gardeners they follow, paged on the server; all of it lives in the
 * URL, so it survives a reload and can be shared. A table on wide screens, cards on phones.
 */
export function BrowseTipsList({ labelledBy }: { labelledBy: string }) {
  const list = useListPage();
  const { user, isPending } = useUser();
  // The Following list is a member's own; a visitor with ?following=1 in the address sees every tip.
  const following = Boolean(user) && list.following;
  const tips = useTips(
    {
      availability: "Public",
      difficulty: list.level,
      q: list.q || undefined,
      crop: list.crop,
      following: following || undefined,
      ...pageWindow(list.page, PAGE_SIZE),
    },
    { enabled: !(list.following && isPending) },
  );

  return (
    <ListQueryView
      query={tips}
      {...publicTipsView(list, PAGE_SIZE, { scrollToTop: true })}
      toolbar={
        <div className="mb-6">
          <TipFilters list={list} following={Boolean(user)} crop />
        </div>
      }
      empty={
        <EmptyState
          icon={<Sprout aria-hidden="true" className="size-12 text-base-content/50" />}
          message={following ? "No tips from gardeners you follow here yet." : "No public tips found."}
        >
          {following && (
            <Link to={paths.exploreGardeners.getHref()} className="btn btn-primary btn-sm">
              Find gardeners to follow
            </Link>
          )}
          {(list.q !== "" || list.level !== undefined || following) && (
            <button type="button" className="btn btn-outline btn-sm" onClick={list.clearFilters}>
              Clear search and filter
            </button>
          )}
        </EmptyState>
      }
      summary={(page) => (
        <>
          {countLabel(page.total, { one: "tip", many: "tips" }, page.exact)}
          {list.q ? ` matching “${list.q}”` : ""}
          {list.level ? ` at ${list.level} level` : ""}
          {following ? " from gardeners you follow" : ""}
        </>
      )}
    >
      {(page) => (
        <TipTable
          tips={page.items}
          columns={COLUMNS}
          labelledBy={labelledBy}
          narrow={(items) => (
            <TipCardGrid tips={items} className="sm:grid-cols-2" headingLevel="h2" firstIsProminent compact />
          )}
        />
      )}
    </ListQueryView>
  );
}
