import { BookOpen, Sprout, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { DashboardStats } from "#shared/schemas/dashboard.ts";
import { formatNumber } from "#web/lib/format.ts";

/** Total Tips, My Tips, Total Gardeners. */
export function StatCards({
  stats,
}: {
  stats: Pick<DashboardStats, "totalTips" | "myTips" | "totalGardeners">;
}) {
  return (
    <ul aria-label="Figures" className="grid gap-4 sm:grid-cols-3">
      <StatCard
        label="Total Tips"
        value={stats.totalTips}
        hint="Public tips in the community"
        icon={<BookOpen aria-hidden="true" className="size-6" />}
      />
      <StatCard
        label="My Tips"
        value={stats.myTips}
        hint="Every tip you have shared"
        icon={<Sprout aria-hidden="true" className="size-6" />}
      />
      <StatCard
        label="Total Gardeners"
        value={stats.totalGardeners}
        hint="Gardeners you can explore"
        icon={<Users aria-hidden="true" className="size-6" />}
      />
    </ul>
  );
}

function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: number;
  hint: string;
  icon: ReactNode;
}) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-base-content/80">{label}</p>
        <span className="rounded-full bg-primary/10 p-2 text-primary">{icon}</span>
      </div>
      <p
        className="mt-2 text-3xl font-bold tabular-nums"
        data-testid={`stat-${label.toLowerCase().replaceAll(" ", "-")}`}
      >
        {formatNumber(value)}
      </p>
      <p className="mt-1 text-xs text-base-content/70">{hint}</p>
    </li>
  );
}
