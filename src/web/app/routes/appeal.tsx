import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { AppealByLink } from "#web/features/moderation/components/appeal-by-link.tsx";

/** /appeal#<token>: a decision e-mail's link, which works without signing in. */
export function AppealRoute() {
  return (
    <PageFrame measure="narrow">
      <PageHead title="A moderator's decision" description="A moderator's decision about what you posted." />
      <h1 className="mb-6 text-3xl font-bold">A moderator's decision</h1>
      <AppealByLink />
    </PageFrame>
  );
}
