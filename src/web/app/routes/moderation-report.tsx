import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { RemovalsReport } from "#web/features/moderation/components/removals-report.tsx";

/** /moderation-report: what the moderators removed, month by month, by reason; no names. */
export function ModerationReportRoute() {
  return (
    <PageFrame>
      <PageHead
        title="Moderation report"
        description="How many tips, comments, pages and photos the moderators removed each month, and why."
      />
      <h1 className="text-3xl font-bold">Moderation report</h1>
      <p className="mt-1 mb-6 max-w-prose text-base-content/80">
        How many tips, comments, gardener pages and photos the moderators hid or removed each month of the
        last year, by the reason members reported them for. Decisions reversed on appeal are not counted.
        Nobody is named.
      </p>
      <RemovalsReport />
    </PageFrame>
  );
}
