import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DashboardStats } from "#shared/schemas/dashboard.ts";
import { formatNumber } from "#web/lib/format.ts";

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const weekOf = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`));

/**
 * Colours from the daisyUI theme, so the charts follow light and dark. Labels are filled with the text
 * colour and not outlined: an outline thickens the letters until neighbouring labels run together.
 */
const tick = { fill: "var(--color-base-content)", fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: "var(--color-base-100)",
    border: "1px solid var(--color-base-300)",
    borderRadius: "var(--radius-box)",
    color: "var(--color-base-content)",
  },
  cursor: { fill: "var(--color-base-200)" },
};

/**
 * A chart with what it shows said in words and as a table: the drawing is for the eye, the sentence and
 * the table (open under "Show the numbers") for everyone, screen readers included.
 */
function ChartFigure({
  id,
  title,
  summary,
  table,
  children,
  height = 256,
}: {
  id: string;
  title: string;
  summary: string;
  table: { headers: [string, string]; rows: [string, number][] };
  children: ReactNode;
  /** The drawing's height in pixels (a bar per category needs room for every label). */
  height?: number;
}) {
  return (
    <figure aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
      <figcaption>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-base-content/80">{summary}</p>
      </figcaption>
      <div aria-hidden="true" className="mt-4 text-base-content" style={{ height }}>
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

/** The community's public tips per category, the largest first. */
export function TipsByCategoryChart({ data }: { data: DashboardStats["tipsByCategory"] }) {
  const shown = data.filter((row) => row.tips > 0);
  const top = shown[0];
  const summary = top
    ? `${shown.length} ${shown.length === 1 ? "category has" : "categories have"} public tips; the most are in ${top.category} (${formatNumber(top.tips)}).`
    : "No public tips yet.";
  return (
    <ChartFigure
      id="chart-categories"
      title="Public tips by category"
      summary={summary}
      table={{ headers: ["Category", "Public tips"], rows: shown.map((row) => [row.category, row.tips]) }}
      height={Math.max(160, shown.length * 28 + 40)}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={shown}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
        >
          <CartesianGrid horizontal={false} stroke="var(--color-base-300)" />
          <XAxis type="number" allowDecimals={false} tick={tick} stroke="var(--color-base-300)" />
          {/* As wide as the longest category name as drawn, in whatever font the reader's system has. */}
          <YAxis
            type="category"
            dataKey="category"
            width="auto"
            interval={0}
            tick={tick}
            stroke="var(--color-base-300)"
          />
          <Tooltip {...tooltipStyle} formatter={(value) => [formatNumber(Number(value)), "Public tips"]} />
          <Bar dataKey="tips" fill="var(--color-primary)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** Likes the user's own tips received, per week, over the last twelve weeks. */
export function LikesByWeekChart({ data }: { data: DashboardStats["likesByWeek"] }) {
  const rows = data.map((row) => ({ label: weekOf(row.week), likes: row.likes }));
  const total = data.reduce((sum, row) => sum + row.likes, 0);
  const last = data.at(-1);
  const summary =
    total === 0
      ? `Your tips have received no likes in the last ${data.length} weeks.`
      : `Your tips received ${formatNumber(total)} ${total === 1 ? "like" : "likes"} in the last ${data.length} weeks, ${formatNumber(last?.likes ?? 0)} of them this week.`;
  return (
    <ChartFigure
      id="chart-likes"
      title="Likes on your tips, per week"
      summary={summary}
      table={{ headers: ["Week of", "Likes"], rows: rows.map((row) => [row.label, row.likes]) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        {/* Room on the right for the last week's label, which is centred on the last bar. */}
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-base-300)" />
          {/* Week labels are skipped rather than crowded: at least 12 px between two of them. */}
          <XAxis
            dataKey="label"
            tick={tick}
            stroke="var(--color-base-300)"
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={tick} stroke="var(--color-base-300)" />
          <Tooltip {...tooltipStyle} formatter={(value) => [formatNumber(Number(value)), "Likes"]} />
          <Bar
            dataKey="likes"
            fill="var(--color-secondary)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
