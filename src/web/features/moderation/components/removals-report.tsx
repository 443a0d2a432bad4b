import { ShieldCheck } from "lucide-react";
import { REPORT_REASONS } from "#shared/constants.ts";
import type { RemovalCount } from "#shared/schemas/moderation.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { sentenceCase } from "#web/lib/format.ts";
import { useRemovals } from "../api/get-removals.ts";

const monthName = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });

/** One row per month, one column per reason: how many items the moderators hid or removed. */
export function RemovalsReport() {
  const removals = useRemovals();
  return (
    <QueryView
      query={removals}
      loadingLabel="Loading the figures…"
      errorTitle="We could not load the figures"
    >
      {(rows: RemovalCount[]) => {
        if (rows.length === 0)
          return (
            <EmptyState
              icon={<ShieldCheck aria-hidden="true" className="size-10" />}
              message="Nothing was removed in the last twelve months."
            />
          );
        const months = [...new Set(rows.map((row) => row.month))];
        const count = (month: string, reason: string) =>
          rows.find((row) => row.month === month && row.reason === reason)?.count ?? 0;
        return (
          // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
          <section
            className="overflow-x-auto rounded-box border border-base-300"
            aria-label="Removals by month and reason"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
            tabIndex={0}
          >
            <table className="table table-zebra">
              <caption className="sr-only">Items removed by the moderators, by month and reason</caption>
              <thead>
                <tr className="text-base-content">
                  <th scope="col">Month</th>
                  {REPORT_REASONS.map((reason) => (
                    <th key={reason} scope="col" className="text-right">
                      {sentenceCase(reason)}
                    </th>
                  ))}
                  <th scope="col" className="text-right">
                    All
                  </th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month}>
                    <th scope="row">{monthName.format(new Date(`${month}-01T00:00:00Z`))}</th>
                    {REPORT_REASONS.map((reason) => (
                      <td key={reason} className="text-right tabular-nums">
                        {count(month, reason)}
                      </td>
                    ))}
                    <td className="text-right font-semibold tabular-nums">
                      {REPORT_REASONS.reduce((sum, reason) => sum + count(month, reason), 0)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      }}
    </QueryView>
  );
}
