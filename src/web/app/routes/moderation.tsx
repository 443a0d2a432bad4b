import { ShieldX } from "lucide-react";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { ModerationQueue } from "#web/features/moderation/components/moderation-queue.tsx";
import { useUser } from "#web/lib/auth.ts";

/** /moderation: the queue, for moderators and administrators; the server checks the role again. */
export function ModerationRoute() {
  const { user } = useUser();
  if (!user) return null;
  if (user.role === "member")
    return (
      <MessagePage
        icon={<ShieldX aria-hidden="true" className="size-14 text-base-content/60" />}
        title="Only moderators can see this page"
        text="The moderation queue is for the site's moderators and administrators."
        action={{ to: paths.home.getHref(), label: "Back to the home page" }}
      />
    );
  return (
    <PageFrame>
      <PageHead title="Moderation" description="Reported items waiting for a decision." />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-bold">Moderation</h1>
          <p className="mt-1 text-base-content/80">
            Reported items, heaviest first. Each decision needs a reason.
          </p>
        </div>
      </div>
      <ModerationQueue />
    </PageFrame>
  );
}
