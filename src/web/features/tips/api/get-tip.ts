import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Tip } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const getTip = (id: string, signal?: AbortSignal) =>
  apiClient.get<Tip>(`/tips/${encodeURIComponent(id)}`, { signal });

const tipQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tips.detail(id),
    queryFn: ({ signal }) => getTip(id, signal),
    // Coming back to the tab shows the likes (and edits) made meanwhile, in another tab or by others.
    refetchOnWindowFocus: "always",
  });

export const useTip = (id: string) => useQuery(tipQueryOptions(id));
