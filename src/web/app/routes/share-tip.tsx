import { FormCard } from "#web/components/ui/form-card.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { ResendVerification } from "#web/features/auth/components/resend-verification.tsx";
import { ShareTip } from "#web/features/tips/components/share-tip.tsx";

export function ShareTipRoute() {
  return (
    <PageFrame measure="text">
      <PageHeader
        head={{ title: "Share a Garden Tip", description: "Share a gardening tip with the community." }}
        title="Share a Garden Tip"
        text="What has worked in your garden? Fellow gardeners would love to know."
      />
      <FormCard>
        <ShareTip confirmEmail={<ResendVerification />} />
      </FormCard>
    </PageFrame>
  );
}
