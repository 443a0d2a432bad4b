import type { ReactNode } from "react";
import { PageHead } from "./page-head.tsx";

/**
 * A page's heading, its one-line introduction and, to the side, its main action. Always on the left, where
 * the page frame starts, so the headings of the site line up from page to page. `head` is the document's
 * title and description (PageHead) when this heading is the page's own.
 */
export function PageHeader({
  title,
  text,
  action,
  id,
  head,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  id?: string;
  head?: { title: string; description: string };
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      {head && <PageHead title={head.title} description={head.description} />}
      <div className="min-w-0">
        <h1 id={id} className="text-3xl font-bold">
          {title}
        </h1>
        {text && <p className="mt-1 text-base-content/80 wrap-anywhere">{text}</p>}
      </div>
      {action}
    </div>
  );
}
