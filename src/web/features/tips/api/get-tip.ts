import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Tip } from "#shared/schemas/tip.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** A tip, through `client`: the browser's, or the server's own when it renders a member's tip page. */
export const tipQueryOptions = (id: string, client: Pick<ApiClient, "get"> = apiClient) =>
  queryOptions({
    queryKey: queryKeys.tips.detail(id),
    queryFn: ({ signal }) => client.get<Tip>(`/tips/${encodeURIComponent(id)}`, { signal }),
    // Coming back to the tab shows the likes (and edits) made meanwhile, in another tab or by others.
    refetchOnWindowFocus: "always",
  });

export const useTip = (id: string) => useQuery(tipQueryOptions(id));
