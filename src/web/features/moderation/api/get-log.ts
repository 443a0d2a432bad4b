import { useInfiniteQuery } from "@tanstack/react-query";
import type { LogEntry } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** What the log is filtered by: handles and days (YYYY-MM-DD, UTC), each optional. */
export interface LogFilter {
  moderator?: string;
  member?: string;
  from?: string;
  to?: string;
}

/** The moderation log, newest first, 50 a page (moderators only). */
export const useModerationLog = (filter: LogFilter) =>
  useInfiniteQuery({
    queryKey: [...queryKeys.moderation.all, "log", filter],
    queryFn: ({ pageParam, signal }) =>
      apiClient.list<LogEntry>("/moderation/log", { params: { ...filter, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
