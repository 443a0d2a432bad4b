import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const setBlocked = ({ handle, blocked }: { handle: string; blocked: boolean }) =>
  apiClient.send<unknown>(blocked ? "POST" : "DELETE", `/blocks/${encodeURIComponent(handle)}`);

/** Blocks or unblocks a member; their comments then hide or show again, and follows between the two end. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    // A block ends the follows between the two, either way: their follow state, the counts on both
    // pages and the Following list change with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.gardeners.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tips.lists() }),
      ]),
  });
}
