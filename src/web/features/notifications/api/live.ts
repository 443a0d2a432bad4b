import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { UnreadCount } from "#shared/schemas/notification.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The tabs of one browser talk on this channel; the one holding this lock keeps the stream open. */
const CHANNEL = "garden-notifications";
const LOCK = "garden-notifications-stream";
/** How often the tab holding the stream tells the others it still does. */
const ALIVE_MS = 30_000;

type Message = { type: "unread"; count: UnreadCount } | { type: "alive" };

/** Whether this browser's bell is live: this tab holds the stream, or another said so lately. */
const state = { own: false, heardAt: 0 };
export const isLive = () => state.own || Date.now() - state.heardAt < ALIVE_MS * 1.5;

/**
 * Keeps the bell's count live (ADR 080): of a browser's tabs, the one that holds the lock keeps one event
 * stream open while it is on screen and tells the others what it hears (BroadcastChannel); a hidden tab
 * lets go, and another visible one takes it. Where a browser has no EventSource, BroadcastChannel or Web
 * Locks, nothing is opened and the bell asks every minute instead (useUnreadCount).
 */
export function useLiveUnread(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    if (!("EventSource" in window) || !("BroadcastChannel" in window) || !navigator.locks) return;
    const channel = new BroadcastChannel(CHANNEL);
    const apply = (count: UnreadCount) => {
      const before = queryClient.getQueryData<UnreadCount>(queryKeys.notifications.unread);
      queryClient.setQueryData(queryKeys.notifications.unread, count);
      if (before?.count !== count.count || before.fromNewcomers !== count.fromNewcomers)
        void queryClient.invalidateQueries({ queryKey: [...queryKeys.notifications.all, "list"] });
    };
    channel.onmessage = (event: MessageEvent<Message>) => {
      state.heardAt = Date.now();
      if (event.data.type === "unread") apply(event.data.count);
    };
    let letGo: (() => void) | null = null;
    let ended = false;
    const hold = () => {
      if (letGo || ended || document.visibilityState !== "visible") return;
      const waiting = new AbortController();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      letGo = () => {
        waiting.abort();
        release();
        letGo = null;
      };
      navigator.locks
        .request(LOCK, { signal: waiting.signal }, async () => {
          if (ended || document.visibilityState !== "visible") return;
          const source = new EventSource("/api/events");
          const tell = (message: Message) => channel.postMessage(message);
          source.addEventListener("unread", (event) => {
            const count = JSON.parse((event as MessageEvent<string>).data) as UnreadCount;
            state.own = true;
            apply(count);
            tell({ type: "unread", count });
          });
          // EventSource opens the stream again by itself; meanwhile the bell asks as it would without. Its
          // polling interval is reckoned when the count changes, so the count is asked for once here.
          source.onerror = () => {
            if (!state.own) return;
            state.own = false;
            void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unread });
          };
          const alive = setInterval(() => state.own && tell({ type: "alive" }), ALIVE_MS);
          await released;
          clearInterval(alive);
          source.close();
          state.own = false;
        })
        .catch(() => {});
    };
    const onVisibility = () => (document.visibilityState === "visible" ? hold() : letGo?.());
    document.addEventListener("visibilitychange", onVisibility);
    hold();
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", onVisibility);
      letGo?.();
      channel.close();
    };
  }, [enabled, queryClient]);
}
