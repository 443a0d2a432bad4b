import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Block } from "#shared/schemas/block.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The members the signed-in member blocked. */
export function useBlocks() {
  const { user } = useUser();
  return useQuery({
    queryKey: queryKeys.blocks,
    queryFn: ({ signal }) => apiClient.get<Block[]>("/blocks", { signal }),
    enabled: Boolean(user),
  });
}

/** Blocks or unblocks a member; their comments then hide or show again. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ handle, blocked }: { handle: string; blocked: boolean }) =>
      apiClient.send<unknown>(blocked ? "POST" : "DELETE", `/blocks/${encodeURIComponent(handle)}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.blocks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
      ]),
  });
}
