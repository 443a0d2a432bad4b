import { ChevronLeft, ChevronRight } from "lucide-react";

/** Previous/next page controls with "Page X of Y"; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
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
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
