import { PageHead } from "#web/components/ui/page-head.tsx";
import { SowThisWeekCard } from "#web/features/calendar/components/sow-this-week-card.tsx";
import { DashboardOverview } from "#web/features/dashboard/components/dashboard-overview.tsx";

export function DashboardOverviewRoute() {
  return (
    <>
      <PageHead title="Dashboard" description="Your figures, your tips and the community's, at a glance." />
      <DashboardOverview season={<SowThisWeekCard className="mb-6" />} />
    </>
  );
}
