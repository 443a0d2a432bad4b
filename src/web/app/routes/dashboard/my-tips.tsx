import { PageHeader } from "#web/components/ui/page-header.tsx";
import { myTipsQueryOptions } from "#web/features/tips/api/get-tips.ts";
import {
  DashboardMyTipsList,
  dashboardMyTipsParams,
} from "#web/features/tips/components/dashboard-my-tips-list.tsx";
import { loaded, type MemberData } from "#web/lib/member-data.ts";

export function DashboardMyTipsRoute() {
  return (
    <>
      <PageHeader
        head={{
          title: "My Tips - Dashboard",
          description: "Search, sort, edit and delete the tips you have shared.",
        }}
        title="My Tips"
        text="Every tip you have shared, public or not."
      />
      <DashboardMyTipsList />
    </>
  );
}

/** Rendered by the server with the member's tips in it, searched and sorted as the URL says. */
export const memberData: MemberData = async ({ list, email, client, queryClient }) => {
  await loaded(queryClient, myTipsQueryOptions(dashboardMyTipsParams(list), email, client));
  return true;
};
