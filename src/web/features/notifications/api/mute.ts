import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MuteState, ThreadMuteState } from "#shared/schemas/notification.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const pathOf = (tipId: string) => `/tips/${encodeURIComponent(tipId)}/mute`;

/** Whether the signed-in member muted the tip. */
export const useMuteState = (tipId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: queryKeys.notifications.mute(tipId),
    queryFn: ({ signal }) => apiClient.get<MuteState>(pathOf(tipId), { signal }),
    enabled,
  });

/** Mutes the tip (true) or unmutes it (false); the answer is what the page shows. */
export function useSetMute(tipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => apiClient.send<MuteState>(muted ? "PUT" : "DELETE", pathOf(tipId)),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.notifications.mute(tipId), state),
  });
}

/**
 * Mutes (true) or unmutes (false) the thread of a comment on the tip; the tip's mute state then lists it,
 * or not.
 */
export function useSetThreadMute(tipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, muted }: { commentId: string; muted: boolean }) =>
      apiClient.send<ThreadMuteState>(
        muted ? "PUT" : "DELETE",
        `/comments/${encodeURIComponent(commentId)}/mute`,
      ),
    onSuccess: ({ muted, thread }) =>
      queryClient.setQueryData<MuteState>(queryKeys.notifications.mute(tipId), (state) =>
        state
          ? {
              ...state,
              mutedThreads: muted
                ? [...new Set([...state.mutedThreads, thread])]
                : state.mutedThreads.filter((id) => id !== thread),
            }
          : state,
      ),
  });
}
