import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Tip, TipListQuery } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
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

/** One page of the signed-in member's own tips, of every availability (both My Tips screens). */
export function useMyTips(params: Omit<TipListParams, "email" | "availability">) {
  const { user } = useUser();
  return useTips({ ...params, email: user?.email }, { enabled: user !== null });
}
