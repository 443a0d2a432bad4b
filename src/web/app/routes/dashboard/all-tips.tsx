import { PageHeader } from "#web/components/ui/page-header.tsx";
import { DashboardAllTipsList } from "#web/features/tips/components/dashboard-all-tips-list.tsx";

export function DashboardAllTipsRoute() {
  return (
    <>
      <PageHeader
        head={{
          title: "All Tips - Dashboard",
          description: "Search and sort every public tip of the community.",
        }}
        title="All Tips"
        text="Every public tip of the community: search it, sort it, open one."
      />
      <DashboardAllTipsList />
    </>
  );
}
