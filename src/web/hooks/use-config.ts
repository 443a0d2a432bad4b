import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getConfig = (signal?: AbortSignal) => apiClient.get<PublicConfig>("/config", { signal });

export const configQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConfig = () => useQuery(configQueryOptions());
