import {
  AtSign,
  Bell,
  BellRing,
  Download,
  Flag,
  Gavel,
  Heart,
  MessageCircle,
  Reply,
  Shovel,
  Sprout,
  UserPlus,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { decisionWords, outcomeWords } from "#shared/decision-words.ts";
import type { Notification, NotificationKind } from "#shared/schemas/notification.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { toast } from "#web/lib/toast.tsx";
import { useMarkRead, useNotifications, useUnreadCount } from "../api/notifications.ts";

const ICONS: Record<NotificationKind, typeof Bell> = {
  comment: MessageCircle,
  reply: Reply,
  mention: AtSign,
  like: Heart,
  follow: UserPlus,
  new_tip: Sprout,
  reminder: BellRing,
  decision: Gavel,
  outcome: Flag,
  export: Download,
  sowing: Shovel,
};

const when = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** "Ana", "Ana and Ben", "Ana and 4 others". */
function whoOf(notification: Notification): string {
  const [first, second] = notification.actors;
  if (!first) return "Someone";
  const others = notification.actorCount - 1;
  if (others === 0) return first.name;
  if (others === 1 && second) return `${first.name} and ${second.name}`;
  return `${first.name} and ${others} others`;
}

/** What happened, in a sentence: "Ana and 4 others liked “Water at dawn”". */
function sentenceOf(notification: Notification): ReactNode {
  const title = notification.tip ? `“${notification.tip.title}”` : "a tip";
  const who = whoOf(notification);
  switch (notification.kind) {
    case "comment":
      return `${who} commented on ${title}`;
    case "reply":
      return `${who} replied to your comment on ${title}`;
    case "mention":
      return `${who} mentioned you on ${title}`;
    case "like":
      return `${who} liked ${title}`;
    case "follow":
      return `${who} started following you`;
    case "new_tip":
      return `${who} shared ${title}`;
    case "reminder":
      return `Your reminder: ${title}`;
    case "export":
      return "The copy of your data you asked for is ready to download";
    case "sowing":
      return `Time to sow: ${notification.crop?.name ?? "your crop"}${notification.tip ? `, as ${title} says` : ""}`;
    case "decision":
    case "outcome": {
      const word = notification.moderation;
      if (!word) return "The moderators decided on a report";
      return notification.kind === "decision"
        ? decisionWords({ type: word.item.type, title: word.item.label }, word)
        : outcomeWords(word.item, word);
    }
  }
}

/** The member's notifications, newest first; opening one marks it read. */
export function NotificationList({ newcomers }: { newcomers: boolean }) {
  const list = useNotifications(newcomers);
  const markRead = useMarkRead();
  const unread = useUnreadCount();
  const navigate = useNavigate();
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate([notification._id]);
    navigate(notification.path);
  };
  return (
    <QueryView
      query={list}
      loadingLabel="Loading your notifications…"
      errorTitle="We could not load your notifications"
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        const anyUnread = items.some((item) => !item.read) || (unread.data?.count ?? 0) > 0;
        if (items.length === 0)
          return (
            <EmptyState
              icon={<Bell aria-hidden="true" className="size-10" />}
              message={
                newcomers
                  ? "Nothing from new members."
                  : "Nothing yet. Comments, mentions, likes and followers show here, the moderators' word on your reports, your bookmarks' reminders, and when to sow."
              }
            />
          );
        return (
          <>
            {!newcomers && anyUnread && (
              <div className="mb-3 flex justify-end">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={markRead.isPending}
                  onClick={() =>
                    markRead.mutate(null, {
                      onError: (error) => toast.error(`Could not mark them read: ${error.message}`),
                    })
                  }
                >
                  Mark all read
                </button>
              </div>
            )}
            <ul
              className="flex flex-col gap-2"
              aria-label={newcomers ? "From new members" : "Your notifications"}
            >
              {items.map((notification) => (
                <li key={notification._id}>
                  <NotificationItem notification={notification} onOpen={() => open(notification)} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="mt-6 flex justify-center">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? "Loading…" : "Show more"}
                </button>
              </div>
            )}
          </>
        );
      }}
    </QueryView>
  );
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const Icon = ICONS[notification.kind];
  const first = notification.actors[0];
  return (
    <Link
      to={notification.path}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      className={`flex items-start gap-3 rounded-box border p-3 transition-colors hover:bg-base-200 ${
        notification.read ? "border-base-300 bg-base-100" : "border-primary/40 bg-primary/5"
      }`}
    >
      <span className="relative shrink-0">
        {first ? (
          <Avatar src={first.image} photo={first.photo} name="" size={40} />
        ) : (
          <span className="flex size-10 items-center justify-center rounded-full bg-base-200">
            <Icon aria-hidden="true" className="size-5" />
          </span>
        )}
        {first && (
          <span className="absolute -right-1 -bottom-1 rounded-full bg-base-100 p-0.5">
            <Icon aria-hidden="true" className="size-3.5 text-primary" />
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block wrap-anywhere" dir="auto">
          {!notification.read && <span className="sr-only">Unread: </span>}
          {sentenceOf(notification)}
        </span>
        {notification.comment && (
          <span className="mt-0.5 block text-sm text-base-content/80 wrap-anywhere" dir="auto">
            {notification.comment.excerpt}
          </span>
        )}
        <time dateTime={notification.updatedAt} className="mt-0.5 block text-xs text-base-content/70">
          {when.format(new Date(notification.updatedAt))}
        </time>
      </span>
      {!notification.read && (
        <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-primary" />
      )}
    </Link>
  );
}
