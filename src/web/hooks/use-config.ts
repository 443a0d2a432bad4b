import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "#shared/schemas/config.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const getConfig = (signal?: AbortSignal, client: ApiClient = apiClient) =>
  client.get<PublicConfig>("/config", { signal });

/** `client`: the server's, when it renders a page. */
export const configQueryOptions = (client?: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getConfig(signal, client),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConfig = () => useQuery(configQueryOptions());
