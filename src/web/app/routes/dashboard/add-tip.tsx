import { FormCard } from "#web/components/ui/form-card.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { ResendVerification } from "#web/features/auth/components/resend-verification.tsx";
import { AddTip } from "#web/features/tips/components/add-tip.tsx";

export function DashboardAddTipRoute() {
  return (
    <>
      <PageHeader
        head={{ title: "Add Tip - Dashboard", description: "Share a gardening tip with the community." }}
        title="Share a Garden Tip"
        text="Public tips are listed for everyone; private ones only for you."
      />
      <FormCard>
        <AddTip confirmEmail={<ResendVerification />} />
      </FormCard>
    </>
  );
}
