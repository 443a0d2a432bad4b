import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Tip, TipListQuery } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export type TipListParams = Omit<TipListQuery, "cursor">;

const getTips = (params: TipListParams, signal?: AbortSignal) =>
  apiClient.list<Tip>("/tips", { params, signal });

const tipsQueryOptions = (params: TipListParams) =>
  queryOptions({
    queryKey: queryKeys.tips.list(params),
    queryFn: ({ signal }) => getTips(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of tips: the page and X-Total-Count (lists page on the server, as they can grow large). */
export const useTips = (params: TipListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tipsQueryOptions(params), enabled });
