import { useParams } from "react-router";
import { BookmarkButton } from "#web/features/bookmarks/components/bookmark-button.tsx";
import { TipSowingReminders } from "#web/features/calendar/components/sowing-reminder-button.tsx";
import { TipWhenLine } from "#web/features/calendar/components/tip-when-line.tsx";
import { CommentsSection } from "#web/features/comments/components/comments-section.tsx";
import { MuteButton } from "#web/features/notifications/components/mute-button.tsx";
import { ThreadMuteButton } from "#web/features/notifications/components/thread-mute-button.tsx";
import { tipQueryOptions } from "#web/features/tips/api/get-tip.ts";
import { TipDetails } from "#web/features/tips/components/tip-details.tsx";
import { isShippedCrop, siteCropsQueryOptions } from "#web/lib/crops.ts";
import { loaded, type MemberData } from "#web/lib/member-data.ts";

/** A tip's page: Save and Mute beside its Like, its comments under it. */
export function TipDetailsRoute() {
  const { id = "" } = useParams();
  return (
    <TipDetails
      id={id}
      about={(tip) => tip.when && <TipWhenLine when={tip.when} />}
      actions={(tip) => (
        <>
          <BookmarkButton tip={tip} />
          <MuteButton tip={tip} />
        </>
      )}
      below={(tip) => (
        <>
          {tip.crops.length > 0 && <TipSowingReminders crops={tip.crops} tipId={tip._id} />}
          <CommentsSection
            tip={tip}
            threadAction={(root, who) => <ThreadMuteButton tipId={tip._id} commentId={root._id} who={who} />}
          />
        </>
      )}
    />
  );
}

/**
 * Rendered by the server with the tip in it (and the site's own crops, when it names one); one the member
 * may not see is left to the browser.
 */
export const memberData: MemberData = async ({ params, client, queryClient }) => {
  const options = tipQueryOptions(params.id ?? "", client);
  if (!(await loaded(queryClient, options))) return false;
  if (queryClient.getQueryData(options.queryKey)?.crops.some((slug) => !isShippedCrop(slug)))
    await queryClient.prefetchQuery(siteCropsQueryOptions(client));
  return true;
};
