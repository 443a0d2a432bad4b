import { Link } from "react-router";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { paths } from "#web/config/paths.ts";
import { BookmarkList } from "#web/features/bookmarks/components/bookmark-list.tsx";

/** /bookmarks: the tips the member saved, with their notes and reminders. */
export function BookmarksRoute() {
  return (
    <PageFrame measure="narrow">
      <PageHeader
        title="Your bookmarks"
        head={{ title: "Your bookmarks", description: "The tips you saved, with your notes and reminders." }}
        text={
          <>
            The tips you saved, newest first. Only you see them. Seasons follow the hemisphere on{" "}
            <Link className="link" to={paths.profile.getHref()}>
              your profile
            </Link>
            .
          </>
        }
      />
      <BookmarkList />
    </PageFrame>
  );
}
