import { useQuery } from "@tanstack/react-query";
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
