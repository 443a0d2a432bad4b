import { Link } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { ModerationLog } from "#web/features/moderation/components/moderation-log.tsx";

/** /moderation/log: every moderation action, for moderators and administrators. */
export function ModerationLogRoute() {
  return (
    <PageFrame>
      <PageHead title="Moderation log" description="Every moderation action, newest first." />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-bold">Moderation log</h1>
          <p className="mt-1 text-base-content/80">
            Every action, the site's own included, newest first. Nothing here can be changed.
          </p>
        </div>
        <Link className="btn btn-outline btn-sm" to={paths.moderation.getHref()}>
          The queue
        </Link>
      </div>
      <ModerationLog />
    </PageFrame>
  );
}
