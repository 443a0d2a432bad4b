import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const markSeen = (noticeId: string) =>
  apiClient.send<void>("POST", `/moderation/notices/${encodeURIComponent(noticeId)}/seen`);

/** Marks a decision seen: the site stops pointing it out. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.notices }),
  });
}
