import { useParams } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { UnsubscribeByLink } from "#web/features/notifications/components/unsubscribe-by-link.tsx";

/** /unsubscribe/<token>: a notification e-mail's way out, which works without signing in. */
export function UnsubscribeRoute() {
  const { token = "" } = useParams();
  return (
    <PageFrame measure="narrow">
      <PageHead title="Unsubscribe" description="Stop one kind of e-mail from Gardening Community." />
      <h1 className="mb-6 text-3xl font-bold">Unsubscribe</h1>
      <UnsubscribeByLink token={token} />
    </PageFrame>
  );
}
