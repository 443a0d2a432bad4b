import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Tip, TipListQuery } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";

export type TipListParams = Omit<TipListQuery, "cursor">;

export const getTips = (params: TipListParams, signal?: AbortSignal) =>
  apiClient.list<Tip>("/tips", { params, signal });

export const tipsQueryOptions = (params: TipListParams) =>
  queryOptions({
    queryKey: ["tips", "list", params],
    queryFn: ({ signal }) => getTips(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTips = (params: TipListParams) => useQuery(tipsQueryOptions(params));
