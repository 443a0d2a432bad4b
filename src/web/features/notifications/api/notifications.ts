import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Notification, UnreadCount } from "#shared/schemas/notification.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { isLive } from "./live.ts";

/** How often the bell asks while its page is on screen; a hidden tab asks nothing. */
const POLL_MS = 60_000;

/**
 * How many notifications wait unread for the signed-in member: told by the live stream where the browser
 * has one (live.ts), else asked every minute while the page is visible; a hidden tab asks nothing.
 */
export function useUnreadCount() {
  const { user } = useUser();
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: ({ signal }) => apiClient.get<UnreadCount>("/notifications/unread-count", { signal }),
    enabled: Boolean(user),
    refetchInterval: () => (isLive() ? false : POLL_MS),
    refetchIntervalInBackground: false,
  });
}

/** The member's notifications (or those from new members), newest first, 20 a page. */
export const useNotifications = (newcomers: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.notifications.list(newcomers),
    queryFn: ({ pageParam, signal }) =>
      apiClient.list<Notification>("/notifications", {
        params: { cursor: pageParam, newcomers: newcomers ? "true" : undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Marks notifications read (those named, or all); the bell shows what the server says is left. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) =>
      apiClient.send<UnreadCount>("POST", "/notifications/read", ids ? { ids } : undefined),
    onSuccess: (left) => {
      queryClient.setQueryData(queryKeys.notifications.unread, left);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.notifications.all, "list"] });
    },
  });
}
