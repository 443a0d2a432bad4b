import { Sprout } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { type ListPageState, pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { type MyTipsParams, useMyTips } from "../api/get-tips.ts";
import { useDeleteTipWithConfirmation } from "./delete-tip-dialog.tsx";
import { ownerActionsColumn, tipColumns } from "./tip-columns.tsx";
import { ownTipsView } from "./tip-list-views.ts";
import { TipTable } from "./tip-table.tsx";

const PAGE_SIZE = 20;

/** The page of the member's tips My Tips shows at `list`'s position (the server renders the same one). */
export const myTipsParams = (list: ListPageState): MyTipsParams => pageWindow(list.page, PAGE_SIZE);

/** My Tips (/my-tips): every tip the signed-in member has shared, of every availability, with Update and Delete. */
export function MyTipsList() {
  const list = useListPage();
  const tips = useMyTips(myTipsParams(list));
  const remove = useDeleteTipWithConfirmation({
    successMessage: "Deleted Successfully!",
    failureMessage: (error) => `The tip could not be deleted: ${error.message}`,
  });
  const columns = [
    tipColumns.image,
    tipColumns.titleLink,
    tipColumns.category,
    tipColumns.status,
    ownerActionsColumn({ onDelete: remove.ask }),
  ];

  return (
    <>
      <ListQueryView
        query={tips}
        {...ownTipsView(list, PAGE_SIZE)}
        empty={
          <EmptyState
            icon={<Sprout aria-hidden="true" className="size-12 text-base-content/50" />}
            message="No tips added yet."
          >
            <Link to={paths.shareTip.getHref()} className="btn btn-outline btn-sm">
              Share your first tip
            </Link>
          </EmptyState>
        }
      >
        {(page) => <TipTable tips={page.items} columns={columns} label="My tips" />}
      </ListQueryView>
      {remove.dialog}
    </>
  );
}
