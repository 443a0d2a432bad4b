import { useInfiniteQuery } from "@tanstack/react-query";
import type { Report } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The member's reports, newest first, 50 a page. */
export const useMyReports = () =>
  useInfiniteQuery({
    queryKey: queryKeys.moderation.mine,
    queryFn: ({ pageParam, signal }) =>
      apiClient.list<Report>("/reports/mine", { params: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
