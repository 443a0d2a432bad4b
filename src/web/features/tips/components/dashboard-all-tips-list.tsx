import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { formatNumber } from "#web/lib/format.ts";
import { useTips } from "../api/get-tips.ts";
import { descriptionColumn, tipColumns } from "./tip-columns.tsx";
import { TipFilters } from "./tip-filters.tsx";
import { publicTipsView } from "./tip-list-views.ts";
import type { TipColumn } from "./tip-table.tsx";
import { TipTable } from "./tip-table.tsx";

const PAGE_SIZE = 20;

const viewDetails: TipColumn = {
  header: "Action",
  role: "actions",
  cell: (tip) => (
    <Link
      to={paths.tip.getHref(tip._id)}
      className="btn btn-primary btn-xs whitespace-nowrap"
      aria-label={`View Details: ${tip.title}`}
    >
      View Details
    </Link>
  ),
};

const COLUMNS = [
  tipColumns.titleAndPlant,
  tipColumns.category,
  tipColumns.author,
  tipColumns.difficulty,
  tipColumns.likes,
  descriptionColumn(50),
  viewDetails,
];

/**
 * The dashboard's All Tips (/dashboard/all-tips): every public tip, searched (title, category, author,
 * plant type), sorted and paged on the server, all of it kept in the URL; "Showing X of Y tips" counts
 * the rows this page shows against all the tips that match ("Showing 20 of 60 tips").
 */
export function DashboardAllTipsList() {
  const list = useListPage();
  const tips = useTips({
    availability: "Public",
    q: list.q || undefined,
    sort: list.sort,
    ...pageWindow(list.page, PAGE_SIZE),
  });

  return (
    <ListQueryView
      query={tips}
      {...publicTipsView(list, PAGE_SIZE)}
      toolbar={
        <div className="mb-4">
          <TipFilters
            list={list}
            level={false}
            sort
            searchPlaceholder="Title, category, author or plant type"
          />
        </div>
      }
      empty={
        <EmptyState
          icon={<BookOpen aria-hidden="true" className="size-12 text-base-content/50" />}
          message={list.q ? `No public tips match “${list.q}”.` : "No public tips found."}
        >
          {list.q && (
            <button type="button" className="btn btn-outline btn-sm" onClick={list.clearFilters}>
              Clear search
            </button>
          )}
        </EmptyState>
      }
      summary={(page) => (
        <>
          Showing {formatNumber(page.items.length)} of {formatNumber(page.total)}
          {page.exact ? "" : "+"} tips
        </>
      )}
    >
      {(page) => <TipTable tips={page.items} columns={COLUMNS} label="All public tips" tableFrom="xl" />}
    </ListQueryView>
  );
}
