import { Plus, Sprout } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { type ListPageState, pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { countLabel } from "#web/lib/format.ts";
import { type MyTipsParams, useMyTips } from "../api/get-tips.ts";
import { useDeleteTipWithConfirmation } from "./delete-tip-dialog.tsx";
import { descriptionColumn, ownerActionsColumn, tipColumns } from "./tip-columns.tsx";
import { TipFilters } from "./tip-filters.tsx";
import { ownTipsView } from "./tip-list-views.ts";
import { TipTable } from "./tip-table.tsx";

const PAGE_SIZE = 20;
/** The dashboard's toasts close after 3 seconds, as the specification has it. */
const TOAST = { duration: 3000 };

/** The page of the member's tips the dashboard's My Tips shows at `list`'s position (the server renders it too). */
export const dashboardMyTipsParams = (list: ListPageState): MyTipsParams => ({
  q: list.q || undefined,
  sort: list.sort,
  ...pageWindow(list.page, PAGE_SIZE),
});

/**
 * The dashboard's My Tips (/dashboard/my-tips): the member's tips of every availability, searched (title,
 * category, plant type), sorted and paged on the server, with View, Edit and Delete.
 */
export function DashboardMyTipsList() {
  const list = useListPage();
  const tips = useMyTips(dashboardMyTipsParams(list));
  const remove = useDeleteTipWithConfirmation({
    successMessage: "Tip deleted successfully!",
    failureMessage: () => "Failed to delete tip",
    toast: TOAST,
  });
  const columns = [
    tipColumns.titleLink,
    tipColumns.category,
    tipColumns.status,
    tipColumns.likes,
    descriptionColumn(60),
    ownerActionsColumn({
      onDelete: remove.ask,
      editLabel: "Edit",
      view: true,
      returnTo: paths.dashboard.myTips.getHref(),
    }),
  ];

  return (
    <>
      <ListQueryView
        query={tips}
        {...ownTipsView(list, PAGE_SIZE)}
        toolbar={
          <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <TipFilters list={list} level={false} sort searchPlaceholder="Title, category or plant type" />
            <Link to={paths.dashboard.addTip.getHref()} className="btn btn-primary self-start sm:self-end">
              <Plus aria-hidden="true" className="size-4" />
              Add New Tip
            </Link>
          </div>
        }
        empty={
          <EmptyState
            icon={<Sprout aria-hidden="true" className="size-12 text-base-content/50" />}
            message={list.q ? `None of your tips match “${list.q}”.` : "No tips added yet."}
          >
            {list.q ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={list.clearFilters}>
                Clear search
              </button>
            ) : (
              <Link to={paths.dashboard.addTip.getHref()} className="btn btn-outline btn-sm">
                Share your first tip
              </Link>
            )}
          </EmptyState>
        }
        summary={(page) => (
          <>
            {countLabel(page.total, { one: "tip", many: "tips" })}
            {list.q ? ` matching “${list.q}”` : ""}
          </>
        )}
      >
        {(page) => <TipTable tips={page.items} columns={columns} label="My tips" tableFrom="xl" />}
      </ListQueryView>
      {remove.dialog}
    </>
  );
}
