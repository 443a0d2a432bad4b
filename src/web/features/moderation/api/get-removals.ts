import { useQuery } from "@tanstack/react-query";
import type { RemovalCount } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Removals by month and reason: the public moderation report. */
export const useRemovals = () =>
  useQuery({
    queryKey: queryKeys.moderation.removals,
    queryFn: ({ signal }) => apiClient.get<RemovalCount[]>("/moderation/removals", { signal }),
  });
