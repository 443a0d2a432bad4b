import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Gardener, GardenerListQuery } from "#shared/schemas/gardener.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const getGardeners = (params: GardenerListQuery, signal?: AbortSignal) =>
  apiClient.list<Gardener>("/gardeners", { params, signal });

const gardenersQueryOptions = (params: GardenerListQuery) =>
  queryOptions({
    queryKey: queryKeys.gardeners.list(params),
    queryFn: ({ signal }) => getGardeners(params, signal),
    placeholderData: keepPreviousData,
  });

export const useGardeners = (params: GardenerListQuery) => useQuery(gardenersQueryOptions(params));
