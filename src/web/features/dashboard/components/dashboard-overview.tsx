import type { ReactNode } from "react";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { useUser } from "#web/lib/auth.ts";
import { useDashboardStats } from "../api/get-dashboard-stats.ts";
import { LikesByWeekChart, TipsByCategoryChart } from "./dashboard-charts.tsx";
import { QuickActions } from "./quick-actions.tsx";
import { RecentTips } from "./recent-tips.tsx";
import { StatCards } from "./stat-cards.tsx";

/** The dashboard's Overview: welcome, figures, charts, recent tips, quick actions. */
/** `season`: what the route shows between the greeting and the figures (this week's sowing). */
export function DashboardOverview({ season }: { season?: ReactNode }) {
  const { user } = useUser();
  const stats = useDashboardStats();
  return (
    <>
      <h1 className="text-2xl font-bold wrap-anywhere md:text-3xl">
        Welcome back, <span dir="auto">{user?.name || "Gardener"}</span>!
      </h1>
      <p className="mt-1 mb-6 text-base-content/80">Here is how your garden of tips is growing.</p>
      {season}
      <QueryView
        query={stats}
        loadingLabel="Loading your figures…"
        errorTitle="We could not load your figures"
      >
        {(data) => (
          <div className="flex flex-col gap-6">
            <StatCards stats={data} />
            <div className="grid gap-6 xl:grid-cols-2">
              <TipsByCategoryChart data={data.tipsByCategory} />
              <LikesByWeekChart data={data.likesByWeek} />
            </div>
            {/* Each card as tall as what it holds: Quick Actions is not stretched to the recent tips' height. */}
            <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
              <RecentTips tips={data.recentTips} />
              <QuickActions />
            </div>
          </div>
        )}
      </QueryView>
    </>
  );
}
