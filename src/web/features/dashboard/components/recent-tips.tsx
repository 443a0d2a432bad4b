import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { paths } from "#web/config/paths.ts";
import { DashboardPanel } from "./dashboard-panel.tsx";

const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The 5 newest public tips, each a link to its page. */
export function RecentTips({ tips }: { tips: Tip[] }) {
  return (
    <DashboardPanel id="recent-tips" title="Recent tips">
      {tips.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/80">No public tips yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-base-300">
          {tips.map((tip) => (
            <li key={tip._id} className="flex flex-col gap-0.5 py-2.5">
              <Link
                to={paths.tip.getHref(tip._id)}
                className="link link-hover font-medium wrap-anywhere"
                dir="auto"
              >
                {tip.title}
              </Link>
              <p className="text-xs text-base-content/70">
                <span dir="auto">{tip.name}</span> · {tip.category} ·{" "}
                <time dateTime={tip.createdAt}>{day.format(new Date(tip.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
