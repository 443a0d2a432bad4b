import type { ReactNode } from "react";
import type { Tip } from "#shared/schemas/tip.ts";
import { useHydrated } from "#web/hooks/use-hydrated.ts";
import { useMediaQuery } from "#web/hooks/use-media-query.ts";

/** One column of a tip table: its header and what each tip shows in it. */
export interface TipColumn {
  header: string;
  cell: (tip: Tip) => ReactNode;
  /** Classes of the column's cells (widths, wrapping). */
  className?: string;
  /**
   * In the phone layout: "media" sits beside the card's title, "title" is its heading, "actions" its footer.
   * An "actions" cell is a list of buttons, laid out by the table (one line) or the card (wrapping).
   */
  role?: "media" | "title" | "actions";
}

/**
 * Tips as a table on wide screens and, on phones, as one card per tip with every column labelled and
 * every action in reach. Only one layout is in the DOM at a time: hidden by CSS, the other would still
 * repeat every title to screen readers and to text search. `narrow` replaces the phone layout.
 */
export function TipTable({
  tips,
  columns,
  label,
  labelledBy,
  narrow,
  tableFrom = "md",
}: {
  tips: Tip[];
  columns: TipColumn[];
  label?: string;
  labelledBy?: string;
  narrow?: (tips: Tip[]) => ReactNode;
  /** The Tailwind breakpoint from which the table shows (a table of many columns beside a sidebar needs xl). */
  tableFrom?: "md" | "xl";
}) {
  const wide = useMediaQuery(tableFrom === "xl" ? "(min-width: 80rem)" : "(min-width: 48rem)");
  const hydrated = useHydrated();
  const cards = narrow ? narrow(tips) : <TipRowCards tips={tips} columns={columns} label={label} />;
  const table = (
    <div className="tip-table overflow-x-auto rounded-box border border-base-300">
      <table className="table" aria-label={label} aria-labelledby={labelledBy}>
        <thead className="bg-base-200 text-base-content">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tips.map((tip) => (
            <tr key={tip._id} className="hover:bg-base-200">
              {columns.map((column) => (
                <td key={column.header} className={column.className}>
                  {/* On one line: a narrow column would otherwise put Delete under View and Edit. */}
                  {column.role === "actions" ? (
                    <div className="flex gap-2">{column.cell(tip)}</div>
                  ) : (
                    column.cell(tip)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* After the whole table: the table shows once this has arrived (styles.css). */}
      <span className="tip-table-end" hidden />
    </div>
  );
  // The server cannot know the screen: its HTML has both layouts, CSS showing the one that fits, until the
  // page runs in the browser and keeps only that one.
  if (!hydrated)
    return (
      <>
        <div className={tableFrom === "xl" ? "hidden xl:block" : "hidden md:block"}>{table}</div>
        <div className={tableFrom === "xl" ? "xl:hidden" : "md:hidden"}>{cards}</div>
      </>
    );
  return wide ? table : cards;
}

/** The phone layout of a tip table: a card per tip, its other columns as labelled facts. */
function TipRowCards({ tips, columns, label }: { tips: Tip[]; columns: TipColumn[]; label?: string }) {
  const media = columns.find((column) => column.role === "media");
  const title = columns.find((column) => column.role === "title");
  const actions = columns.find((column) => column.role === "actions");
  const facts = columns.filter((column) => !column.role);
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {tips.map((tip) => (
        <li key={tip._id} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
          <div className="flex items-start gap-3">
            {media && <div className="shrink-0">{media.cell(tip)}</div>}
            {title && <div className="min-w-0 flex-1 font-semibold wrap-anywhere">{title.cell(tip)}</div>}
          </div>
          {facts.length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {facts.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-base-content/70">{column.header}</dt>
                  <dd className="min-w-0 wrap-anywhere">{column.cell(tip)}</dd>
                </div>
              ))}
            </dl>
          )}
          {actions && <div className="mt-3 flex flex-wrap gap-2">{actions.cell(tip)}</div>}
        </li>
      ))}
    </ul>
  );
}
