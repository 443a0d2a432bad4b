import type { ReactNode } from "react";
import type { DashboardStats } from "#shared/schemas/dashboard.ts";
import { formatNumber } from "#web/lib/format.ts";

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const weekOf = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));

/**
 * The gridlines of a scale from 0 to at least `max`, whole numbers only: at most `most` steps, each 1, 2 or
 * 5 times a power of ten, as people count. An empty chart still has a scale (0 and 1).
 */
export function scaleTicks(max: number, most = 4): number[] {
  const rough = Math.max(1, max) / most;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((times) => times * power).find((size) => size >= rough) ?? 1);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/**
 * A chart with what it shows said in words and as a table: the drawing is for the eye, the sentence and
 * the table (open under "Show the numbers") for everyone, screen readers included. The drawings are HTML
 * and CSS coloured from the daisyUI theme (ADR 035): they follow light and dark, and their labels are text
 * the browser lays out, so no label is ever cut or measured wrongly in the reader's own font.
 */
function ChartFigure({
  id,
  title,
  summary,
  table,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  table: { headers: [string, string]; rows: [string, number][] };
  children: ReactNode;
}) {
  return (
    <figure aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <figcaption>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-base-content/80">{summary}</p>
      </figcaption>
      <div aria-hidden="true" data-chart-drawing="" className="mt-4 text-xs text-base-content">
        {children}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">Show the numbers</summary>
        <table className="table table-sm mt-2">
          <thead>
            <tr>
              <th scope="col">{table.headers[0]}</th>
              <th scope="col" className="text-right">
                {table.headers[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="font-normal">
                  {label}
                </th>
                <td className="text-right tabular-nums">{formatNumber(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** A share of the scale as a CSS length, for a bar's width or height. */
const share = (value: number, top: number): string => `${top > 0 ? (value / top) * 100 : 0}%`;

/** The community's public tips per category, the largest first: a bar per category, its count at its end. */
export function TipsByCategoryChart({ data }: { data: DashboardStats["tipsByCategory"] }) {
  const shown = data.filter((row) => row.tips > 0);
  const top = shown[0];
  const summary = top
    ? `${shown.length} ${shown.length === 1 ? "category has" : "categories have"} public tips; the most are in ${top.category} (${formatNumber(top.tips)}).`
    : "No public tips yet.";
  const largest = Math.max(0, ...shown.map((row) => row.tips));
  return (
    <ChartFigure
      id="chart-categories"
      title="Public tips by category"
      summary={summary}
      table={{ headers: ["Category", "Public tips"], rows: shown.map((row) => [row.category, row.tips]) }}
    >
      {shown.length === 0 ? (
        <p className="py-6 text-center text-base-content/70">Nothing to draw yet.</p>
      ) : (
        // The names' column is as wide as the longest name as drawn; the bars share what is left, with room
        // kept at their end for the largest count.
        <ul className="grid grid-cols-[max-content_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
          {shown.map((row) => (
            <li key={row.category} className="contents">
              <span data-chart-label="" className="text-end">
                {row.category}
              </span>
              <span className="flex min-w-0 items-center gap-1.5 pe-[6ch]">
                <span
                  className="block h-5 min-w-1 shrink-0 rounded-e-sm bg-primary"
                  style={{ width: share(row.tips, largest) }}
                />
                <span data-chart-label="" className="shrink-0 tabular-nums">
                  {formatNumber(row.tips)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </ChartFigure>
  );
}

/**
 * Which week labels show: every fourth on a narrow chart, every second on a wider one, all on a wide one,
 * counted from this week (always shown), so labels never crowd whatever the screen.
 */
function weekLabelClass(fromEnd: number): string {
  if (fromEnd % 4 === 0) return "";
  if (fromEnd % 2 === 0) return "invisible @min-[32rem]:visible";
  return "invisible @min-[48rem]:visible";
}

/** Likes the user's own tips received, per week, over the last twelve weeks: a column per week on a scale. */
export function LikesByWeekChart({ data }: { data: DashboardStats["likesByWeek"] }) {
  const rows = data.map((row) => ({ label: weekOf(row.week), likes: row.likes }));
  const total = data.reduce((sum, row) => sum + row.likes, 0);
  const last = data.at(-1);
  const summary =
    total === 0
      ? `Your tips have received no likes in the last ${data.length} weeks.`
      : `Your tips received ${formatNumber(total)} ${total === 1 ? "like" : "likes"} in the last ${data.length} weeks, ${formatNumber(last?.likes ?? 0)} of them this week.`;
  const ticks = scaleTicks(Math.max(0, ...data.map((row) => row.likes)));
  const top = ticks.at(-1) ?? 1;
  return (
    <ChartFigure
      id="chart-likes"
      title="Likes on your tips, per week"
      summary={summary}
      table={{ headers: ["Week of", "Likes"], rows: rows.map((row) => [row.label, row.likes]) }}
    >
      {/* The scale's labels in their own column, as wide as the widest; room above the top one, centred on
          its gridline, and on the right for this week's label, centred on the last column. */}
      <div className="@container grid grid-cols-[max-content_minmax(0,1fr)] grid-rows-[12rem_auto] gap-x-2 pt-3 pe-6">
        <div className="flex flex-col-reverse justify-between">
          {ticks.map((tick) => (
            <span key={tick} className="flex h-0 items-center justify-end">
              <span data-chart-label="" className="tabular-nums">
                {formatNumber(tick)}
              </span>
            </span>
          ))}
        </div>
        <div className="relative border-b border-base-300">
          {ticks.slice(1).map((tick) => (
            <span
              key={tick}
              className="absolute inset-x-0 border-t border-base-300"
              style={{ bottom: share(tick, top) }}
            />
          ))}
          <ol className="relative flex h-full items-end gap-1 sm:gap-2">
            {rows.map((row) => (
              <li
                key={row.label}
                className="tooltip flex h-full flex-1 items-end justify-center"
                data-tip={`${row.label}: ${formatNumber(row.likes)} ${row.likes === 1 ? "like" : "likes"}`}
              >
                <span
                  className="block w-full max-w-10 rounded-t-sm bg-secondary"
                  style={{ height: share(row.likes, top) }}
                />
              </li>
            ))}
          </ol>
        </div>
        <span />
        <ol className="flex gap-1 pt-1 sm:gap-2">
          {rows.map((row, index) => (
            <li key={row.label} className="flex min-w-0 flex-1 justify-center">
              <span
                data-chart-label=""
                className={`whitespace-nowrap ${weekLabelClass(rows.length - 1 - index)}`}
              >
                {row.label}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </ChartFigure>
  );
}
