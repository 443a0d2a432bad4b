import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MuteState } from "#shared/schemas/notification.ts";
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
