import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Appeal, Notice, RemovalCount } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The decisions about what the signed-in member posted, newest first; nothing is asked of a visitor. */
export function useNotices() {
  const { user } = useUser();
  return useQuery({
    queryKey: queryKeys.moderation.notices,
    queryFn: ({ signal }) => apiClient.get<Notice[]>("/moderation/notices", { signal }),
    enabled: Boolean(user),
  });
}

/** Marks a decision seen: the site stops pointing it out. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId: string) =>
      apiClient.send<void>("POST", `/moderation/notices/${encodeURIComponent(noticeId)}/seen`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.notices }),
  });
}

/** The decision an e-mail's appeal link names (the link works without signing in). */
export const lookupNotice = (token: string) =>
  apiClient.send<Notice>("POST", "/moderation/notices/lookup", { token });

/** Appeals a decision: signed in, or with the e-mail link's token. */
export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { caseId: string; note: string; token?: string }) =>
      apiClient.send<Appeal>("POST", "/moderation/appeals", body),
    // The decision reads again wherever it shows: the member's list, or the page of an e-mail's link.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  });
}

/** Removals by month and reason: the public moderation report. */
export const useRemovals = () =>
  useQuery({
    queryKey: queryKeys.moderation.removals,
    queryFn: ({ signal }) => apiClient.get<RemovalCount[]>("/moderation/removals", { signal }),
  });
