import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatNumber } from "#web/lib/format.ts";

/** Previous/next page controls with "Page X of Y"; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = "Pagination",
  pageCountExact = true,
}: {
  page: number;
  pageCount: number;
  /** False when there may be more pages than `pageCount` (a total that is a lower bound). */
  pageCountExact?: boolean;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3 py-6">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      <span aria-current="page" className="text-sm">
        {`Page ${formatNumber(page)} of ${formatNumber(pageCount)}${pageCountExact ? "" : "+"}`}
      </span>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => onPageChange(page + 1)}
        disabled={pageCountExact && page >= pageCount}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
