import { BookOpen, Plus, Sprout } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";
import { DashboardPanel } from "./dashboard-panel.tsx";

/** Quick Actions linking to add-tip, my-tips and all-tips. */
export function QuickActions() {
  return (
    <DashboardPanel id="quick-actions" title="Quick Actions">
      <div className="mt-3 flex flex-col gap-2">
        <Link to={paths.dashboard.addTip.getHref()} className="btn btn-primary justify-start">
          <Plus aria-hidden="true" className="size-4" />
          Add a new tip
        </Link>
        <Link to={paths.dashboard.myTips.getHref()} className="btn btn-outline justify-start">
          <Sprout aria-hidden="true" className="size-4" />
          Manage my tips
        </Link>
        <Link to={paths.dashboard.allTips.getHref()} className="btn btn-outline justify-start">
          <BookOpen aria-hidden="true" className="size-4" />
          Browse all tips
        </Link>
      </div>
    </DashboardPanel>
  );
}
