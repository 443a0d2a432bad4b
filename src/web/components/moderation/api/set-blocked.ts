import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const setBlocked = ({ handle, blocked }: { handle: string; blocked: boolean }) =>
  apiClient.send<unknown>(blocked ? "POST" : "DELETE", `/blocks/${encodeURIComponent(handle)}`);

/** Blocks or unblocks a member; their comments then hide or show again. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
      ]),
  });
}
