import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Gardener, GardenerListQuery } from "#shared/schemas/gardener.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getGardeners = (
  params: GardenerListQuery,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
) => client.list<Gardener>("/gardeners", { params, signal });

/** `client`: the server's, when it renders a page with these gardeners. */
export const gardenersQueryOptions = (params: GardenerListQuery, client?: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.gardeners.list(params),
    queryFn: ({ signal }) => getGardeners(params, signal, client),
    placeholderData: keepPreviousData,
  });

export const useGardeners = (params: GardenerListQuery) => useQuery(gardenersQueryOptions(params));
