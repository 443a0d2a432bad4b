import { useQuery } from "@tanstack/react-query";
import type { QueueItem } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The open cases, heaviest first (moderators only). */
export const useModerationQueue = () =>
  useQuery({
    queryKey: queryKeys.moderation.queue,
    queryFn: ({ signal }) =>
      apiClient.get<QueueItem[]>("/moderation/queue", { params: { limit: 100 }, signal }),
  });
