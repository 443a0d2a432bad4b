import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { useLiveUnread } from "../api/live.ts";
import { useUnreadCount } from "../api/notifications.ts";

/** The bell's count as shown: 99+ above 99. */
const shownCount = (count: number) => (count > 99 ? "99+" : String(count));

/** The bell's words for screen readers: "Notifications (3 unread)". */
export const bellLabel = (count: number) =>
  count > 0 ? `Notifications (${shownCount(count)} unread)` : "Notifications";

/** The navbar's bell: how many notifications wait unread, live, leading to them. */
export function NotificationBell({ className = "" }: { className?: string }) {
  const { user } = useUser();
  useLiveUnread(Boolean(user));
  const unread = useUnreadCount();
  const count = unread.data?.count ?? 0;
  return (
    <NavLink
      to={paths.notifications.getHref()}
      aria-label={bellLabel(count)}
      title={bellLabel(count)}
      className={({ isActive }) =>
        `btn btn-ghost btn-sm btn-square relative ${isActive ? "nav-current" : ""} ${className}`
      }
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="badge badge-primary badge-xs absolute -top-1 -right-1 h-4 min-w-4 px-1 text-[0.65rem] font-bold"
        >
          {shownCount(count)}
        </span>
      )}
    </NavLink>
  );
}
