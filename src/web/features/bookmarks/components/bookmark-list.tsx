import { Bell, Bookmark as BookmarkIcon, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Bookmark } from "#shared/schemas/bookmark.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { browserTimeZone, useSettings } from "#web/lib/settings.ts";
import { toast } from "#web/lib/toast.tsx";
import { useBookmarks, useSetBookmark } from "../api/bookmarks.ts";
import { reminderLabel } from "../reminders.ts";
import { BookmarkDialog } from "./bookmark-dialog.tsx";

const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short" });

/** The member's bookmarks, newest first: each tip with their note and reminder, to open, change or remove. */
export function BookmarkList() {
  const bookmarks = useBookmarks();
  const { user } = useUser();
  const settings = useSettings({ enabled: Boolean(user) });
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const [editing, setEditing] = useState<Bookmark | null>(null);
  return (
    <QueryView
      query={bookmarks}
      loadingLabel="Loading your bookmarks…"
      errorTitle="We could not load your bookmarks"
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        if (items.length === 0)
          return (
            <EmptyState
              icon={<BookmarkIcon aria-hidden="true" className="size-10" />}
              message="You have not saved any tips yet. Press Save on a tip's page to find it here, with a note and a reminder."
            >
              <Link to={paths.browseTips.getHref()} className="btn btn-primary">
                Browse tips
              </Link>
            </EmptyState>
          );
        return (
          <>
            <ul className="flex flex-col gap-3" aria-label="Your bookmarks">
              {items.map((bookmark) => (
                <li key={bookmark.tipId}>
                  <BookmarkItem bookmark={bookmark} timeZone={timeZone} onEdit={() => setEditing(bookmark)} />
                </li>
              ))}
            </ul>
            {bookmarks.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => bookmarks.fetchNextPage()}
                  disabled={bookmarks.isFetchingNextPage}
                >
                  {bookmarks.isFetchingNextPage ? "Loading…" : "Show more"}
                </button>
              </div>
            )}
            {editing?.tip && (
              <BookmarkDialog
                tipId={editing.tipId}
                title={editing.tip.title}
                state={{
                  bookmarked: true,
                  note: editing.note,
                  remindAt: editing.remindAt,
                  remindSeason: editing.remindSeason,
                }}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        );
      }}
    </QueryView>
  );
}

function BookmarkItem({
  bookmark,
  timeZone,
  onEdit,
}: {
  bookmark: Bookmark;
  timeZone: string;
  onEdit: () => void;
}) {
  const remove = useSetBookmark(bookmark.tipId);
  const { tip, gone } = bookmark;
  const remindAt = bookmark.remindAt ? new Date(bookmark.remindAt) : null;
  const name = tip?.title ?? gone?.title ?? "A tip you saved";
  return (
    <article
      aria-label={name}
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold wrap-anywhere" dir="auto">
          {tip ? (
            <Link to={paths.tip.getHref(tip._id)} className="link">
              {tip.title}
            </Link>
          ) : (
            <span className="text-base-content/70">{name}</span>
          )}
        </h2>
        {tip && <p className="text-sm text-base-content/80">By {tip.name}</p>}
        {gone && (
          <p className="text-sm text-base-content/80">
            This tip was deleted. Its bookmark goes on {day.format(new Date(gone.goesAt))}.
          </p>
        )}
        {!tip && !gone && (
          <p className="text-sm text-base-content/80">This tip is not available right now.</p>
        )}
        {bookmark.note && (
          <p className="mt-1 wrap-anywhere" dir="auto">
            {bookmark.note}
          </p>
        )}
        {remindAt && !bookmark.remindedAt && remindAt.getTime() > Date.now() && (
          <p className="mt-1 flex items-center gap-1 text-sm text-base-content/80">
            <Bell aria-hidden="true" className="size-4" />
            Reminder: {reminderLabel(remindAt, timeZone)}
            {bookmark.remindSeason && ` (start of ${bookmark.remindSeason})`}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        {tip && (
          <button type="button" className="btn btn-outline btn-sm" onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
            Change<span className="sr-only"> the bookmark of “{name}”</span>
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(null, {
              onSuccess: () => toast.success("Removed from your bookmarks"),
              onError: (error) => toast.error(`The bookmark could not be removed: ${error.message}`),
            })
          }
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> the bookmark of “{name}”</span>
        </button>
      </div>
    </article>
  );
}
