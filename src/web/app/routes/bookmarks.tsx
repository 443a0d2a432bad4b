import { Link } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { BookmarkList } from "#web/features/bookmarks/components/bookmark-list.tsx";

/** /bookmarks: the tips the member saved, with their notes and reminders. */
export function BookmarksRoute() {
  return (
    <PageFrame measure="narrow">
      <PageHead title="Your bookmarks" description="The tips you saved, with your notes and reminders." />
      <h1 className="text-3xl font-bold">Your bookmarks</h1>
      <p className="mt-1 mb-6 text-base-content/80">
        The tips you saved, newest first. Only you see them. Seasons follow the hemisphere on{" "}
        <Link className="link" to={paths.profile.getHref()}>
          your profile
        </Link>
        .
      </p>
      <BookmarkList />
    </PageFrame>
  );
}
