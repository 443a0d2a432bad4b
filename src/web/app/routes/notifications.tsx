import { useState } from "react";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { useUnreadCount } from "#web/features/notifications/api/notifications.ts";
import { NotificationList } from "#web/features/notifications/components/notification-list.tsx";

/** /notifications: what the site told the member, and apart, what new members did. */
export function NotificationsRoute() {
  const [newcomers, setNewcomers] = useState(false);
  const unread = useUnreadCount();
  const fromNewcomers = unread.data?.fromNewcomers ?? 0;
  return (
    <PageFrame measure="narrow">
      <PageHeader
        title="Notifications"
        head={{ title: "Notifications", description: "Comments, likes, followers and reminders." }}
        text="Comments and replies, likes, new followers, new tips from gardeners you follow, and your bookmarks' reminders."
      />
      <fieldset className="join mb-4">
        <legend className="sr-only">Which notifications</legend>
        <button
          type="button"
          aria-pressed={!newcomers}
          className={`btn join-item btn-sm ${newcomers ? "btn-outline" : "btn-primary"}`}
          onClick={() => setNewcomers(false)}
        >
          All
        </button>
        <button
          type="button"
          aria-pressed={newcomers}
          className={`btn join-item btn-sm ${newcomers ? "btn-primary" : "btn-outline"}`}
          onClick={() => setNewcomers(true)}
        >
          From new members{fromNewcomers > 0 ? ` (${fromNewcomers})` : ""}
        </button>
      </fieldset>
      <NotificationList key={String(newcomers)} newcomers={newcomers} />
    </PageFrame>
  );
}
