import { Flag } from "lucide-react";
import { Link } from "react-router";
import type { Report } from "#shared/schemas/moderation.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { useMyReports } from "../api/get-my-reports.ts";

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

const KIND: Record<Report["targetType"], string> = {
  tip: "A tip",
  comment: "A comment",
  gardener: "A gardener page",
  photo: "A photo",
};

/** What became of a report, in the member's words. */
function outcomeOf(report: Report): { text: string; badge: string } {
  if (report.status === "open") return { text: "Waiting for a moderator", badge: "badge-ghost" };
  return report.outcome === "removed"
    ? { text: "We removed it", badge: "badge-success" }
    : { text: "We reviewed it and left it up", badge: "badge-info" };
}

/** The item in words: "A tip, “Tomato cages”", "A comment, “Buy my seeds…”", "A photo". */
function nameOf(report: Report): string {
  const label = report.item.label;
  return label ? `${KIND[report.targetType]}, “${label}”` : KIND[report.targetType];
}

/** The member's reports and what the moderators decided about each. */
export function MyReports() {
  const reports = useMyReports();
  return (
    <QueryView
      query={reports}
      loadingLabel="Loading your reports…"
      errorTitle="We could not load your reports"
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0)
          return (
            <EmptyState
              icon={<Flag aria-hidden="true" className="size-10" />}
              message="You have not reported anything."
            />
          );
        return (
          <>
            <ul className="flex flex-col gap-3" aria-label="Your reports">
              {items.map((report) => {
                const outcome = outcomeOf(report);
                const link = report.item.path;
                return (
                  <li key={report._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-semibold">
                        {link ? (
                          <Link className="link wrap-anywhere" to={link}>
                            {nameOf(report)}
                          </Link>
                        ) : (
                          <span className="wrap-anywhere">{nameOf(report)}</span>
                        )}
                        , reported as {report.reason}, {when.format(new Date(report.createdAt))}
                      </p>
                      <span className={`badge ${outcome.badge}`}>{outcome.text}</span>
                    </div>
                    {report.note && (
                      <p className="mt-1 text-sm text-base-content/80 wrap-anywhere" dir="auto">
                        {report.note}
                      </p>
                    )}
                    {report.decidedAt && (
                      <p className="mt-1 text-sm text-base-content/70">
                        Decided {when.format(new Date(report.decidedAt))}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
            {reports.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => reports.fetchNextPage()}
                  disabled={reports.isFetchingNextPage}
                >
                  {reports.isFetchingNextPage ? "Loading…" : "Show more"}
                </button>
              </div>
            )}
          </>
        );
      }}
    </QueryView>
  );
}
