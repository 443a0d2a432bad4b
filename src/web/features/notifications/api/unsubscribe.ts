import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Unsubscribe } from "#shared/schemas/notification.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const pathOf = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

/** What an unsubscribe link names; reading it changes nothing. */
export const useUnsubscribeLink = (token: string) =>
  useQuery({
    queryKey: ["unsubscribe", token],
    queryFn: ({ signal }) => apiClient.get<Unsubscribe>(pathOf(token), { signal }),
    retry: false,
  });

/** Follows the link: its e-mails stop. A signed-in member's settings are read again. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.send<Unsubscribe>("POST", pathOf(token)),
    onSuccess: (answer) => {
      queryClient.setQueryData(["unsubscribe", token], answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings });
    },
  });
}
