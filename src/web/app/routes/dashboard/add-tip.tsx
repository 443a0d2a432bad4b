import { PageHead } from "#web/components/ui/page-head.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { ResendVerification } from "#web/features/auth/components/resend-verification.tsx";
import { AddTip } from "#web/features/tips/components/add-tip.tsx";

export function DashboardAddTipRoute() {
  return (
    <>
      <PageHead title="Add Tip - Dashboard" description="Share a gardening tip with the community." />
      <PageHeader
        title="Share a Garden Tip"
        text="Public tips are listed for everyone; private ones only for you."
      />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <AddTip confirmEmail={<ResendVerification />} />
        </div>
      </div>
    </>
  );
}
