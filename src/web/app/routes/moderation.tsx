import { Link } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { DataRequests } from "#web/features/account-data/components/data-requests.tsx";
import { moderationQueueQueryOptions } from "#web/features/moderation/api/get-queue.ts";
import { ModerationQueue } from "#web/features/moderation/components/moderation-queue.tsx";
import { useUser } from "#web/lib/auth.ts";
import { loaded, type MemberData } from "#web/lib/member-data.ts";

/** /moderation: the queue, for moderators and administrators (config/paths.ts keeps other members out). */
export function ModerationRoute() {
  const { user } = useUser();
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
        <Link className="btn btn-outline btn-sm" to={paths.moderationLog.getHref()}>
          The moderation log
        </Link>
      </div>
      <ModerationQueue />
      {user?.role === "administrator" && (
        <section className="mt-10" aria-labelledby="data-requests-heading">
          <h2 id="data-requests-heading" className="mb-1 text-2xl font-bold">
            Members' data requests
          </h2>
          <p className="mb-4 text-base-content/80">
            Copies of their data members asked for: under way, waiting to be downloaded, and this week's
            others.
          </p>
          <DataRequests />
        </section>
      )}
    </PageFrame>
  );
}

/**
 * The queue is rendered by the server with its cases in it, for a moderator; another member's 403 leaves
 * the page to the browser, which tells them it is the moderators'. */
export const memberData: MemberData = ({ client, queryClient }) =>
  loaded(queryClient, moderationQueueQueryOptions(client));
