import { Bookmark, BookmarkCheck } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { browserTimeZone, useSettings } from "#web/lib/settings.ts";
import { useBookmarkState } from "../api/bookmarks.ts";
import { reminderLabel } from "../reminders.ts";
import { BookmarkDialog } from "./bookmark-dialog.tsx";

/**
 * Save / Saved on a tip's page: opens the dialog to save the tip with a note and a reminder, or to change
 * or remove the bookmark. Saved shows when the reminder comes back. A visitor's leads to sign-in and back.
 */
export function BookmarkButton({ tip }: { tip: Tip }) {
  const { user, isPending } = useUser();
  const location = useLocation();
  const state = useBookmarkState(tip._id, { enabled: Boolean(user) });
  const settings = useSettings({ enabled: Boolean(user) });
  const [open, setOpen] = useState(false);
  if (isPending) return null;
  if (!user)
    return (
      <Link to={paths.auth.login.getHref()} state={{ from: location }} className="btn btn-outline">
        <Bookmark aria-hidden="true" className="size-5" />
        Save
      </Link>
    );
  const saved = state.data?.bookmarked ?? false;
  const remindAt = state.data?.remindAt ? new Date(state.data.remindAt) : null;
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  return (
    <>
      <button
        type="button"
        className={`btn ${saved ? "btn-secondary" : "btn-outline"}`}
        aria-haspopup="dialog"
        // Until the member's bookmark is known it cannot be changed: the dialog starts from it.
        disabled={!state.data}
        onClick={() => setOpen(true)}
      >
        {saved ? (
          <BookmarkCheck aria-hidden="true" className="size-5" />
        ) : (
          <Bookmark aria-hidden="true" className="size-5" />
        )}
        {saved ? "Saved" : "Save"}
      </button>
      {saved && remindAt && remindAt.getTime() > Date.now() && (
        <span className="text-sm text-base-content/80">Reminder: {reminderLabel(remindAt, timeZone)}</span>
      )}
      {open && state.data && (
        <BookmarkDialog tipId={tip._id} title={tip.title} state={state.data} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
