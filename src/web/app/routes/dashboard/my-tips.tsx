import { PageHead } from "#web/components/ui/page-head.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { DashboardMyTipsList } from "#web/features/tips/components/dashboard-my-tips-list.tsx";

export function DashboardMyTipsRoute() {
  return (
    <>
      <PageHead
        title="My Tips - Dashboard"
        description="Search, sort, edit and delete the tips you have shared."
      />
      <PageHeader title="My Tips" text="Every tip you have shared, public or not." />
      <DashboardMyTipsList />
    </>
  );
}
