import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Gardener, GardenerListQuery } from "#shared/schemas/gardener.ts";
import { apiClient } from "#web/lib/api-client.ts";

export const getGardeners = (params: GardenerListQuery, signal?: AbortSignal) =>
  apiClient.list<Gardener>("/gardeners", { params, signal });

export const gardenersQueryOptions = (params: GardenerListQuery) =>
  queryOptions({
    queryKey: ["gardeners", params],
    queryFn: ({ signal }) => getGardeners(params, signal),
    placeholderData: keepPreviousData,
  });

export const useGardeners = (params: GardenerListQuery) => useQuery(gardenersQueryOptions(params));
