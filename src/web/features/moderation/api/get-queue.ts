import { queryOptions, useQuery } from "@tanstack/react-query";
import type { QueueItem } from "#shared/schemas/moderation.ts";
import { type ApiClient, apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The open cases, heaviest first (moderators only); `client`: the server's, as it renders the queue. */
export const moderationQueueQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: queryKeys.moderation.queue,
    queryFn: ({ signal }) => client.get<QueueItem[]>("/moderation/queue", { params: { limit: 100 }, signal }),
  });

export const useModerationQueue = () => useQuery(moderationQueueQueryOptions());
