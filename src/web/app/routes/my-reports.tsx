import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { MyBlocks } from "#web/features/moderation/components/my-blocks.tsx";
import { MyDecisions } from "#web/features/moderation/components/my-decisions.tsx";
import { MyReports } from "#web/features/moderation/components/my-reports.tsx";

/** /reports: what the member reported, and what the moderators decided. */
export function MyReportsRoute() {
  return (
    <PageFrame measure="narrow">
      <PageHead title="Your reports" description="What you reported, and what the moderators decided." />
      <h1 className="text-3xl font-bold">Your reports</h1>
      <p className="mt-1 mb-6 text-base-content/80">
        What you reported, what the moderators decided about what you posted, and whom you blocked.
      </p>
      <MyDecisions />
      <h2 id="reported" className="mb-3 scroll-mt-20 text-xl font-bold">
        What you reported
      </h2>
      <MyReports />
      <MyBlocks />
    </PageFrame>
  );
}
