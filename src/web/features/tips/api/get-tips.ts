import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Tip, TipListQuery } from "#shared/schemas/tip.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export type TipListParams = Omit<TipListQuery, "cursor">;

const tipsQueryOptions = (params: TipListParams, client: Pick<ApiClient, "list"> = apiClient) =>
  queryOptions({
    queryKey: queryKeys.tips.list(params),
    queryFn: ({ signal }) =>
      client.list<Tip>("/tips", {
        params: { ...params, following: params.following ? "true" : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type MyTipsParams = Omit<TipListParams, "email" | "availability">;

/**
 * One page of `email`'s own tips, through `client`: the browser's, or the server's own when it renders a
 * member's My Tips with their tips in it.
 */
export const myTipsQueryOptions = (
  params: MyTipsParams,
  email: string,
  client: Pick<ApiClient, "list"> = apiClient,
) => tipsQueryOptions({ ...params, email }, client);

/** One page of tips: the page and X-Total-Count (lists page on the server, as they can grow large). */
export const useTips = (params: TipListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...tipsQueryOptions(params), enabled });

/** One page of the signed-in member's own tips, of every availability (both My Tips screens). */
export function useMyTips(params: MyTipsParams) {
  const { user } = useUser();
  return useTips({ ...params, email: user?.email }, { enabled: user !== null });
}
