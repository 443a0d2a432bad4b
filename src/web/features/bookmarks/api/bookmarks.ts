import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Bookmark, BookmarkInput, BookmarkState } from "#shared/schemas/bookmark.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const bookmarkPath = (tipId: string) => `/tips/${encodeURIComponent(tipId)}/bookmark`;

/** Whether the signed-in member saved the tip, with their note and reminder. */
export const useBookmarkState = (tipId: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: queryKeys.bookmarks.tip(tipId),
    queryFn: ({ signal }) => apiClient.get<BookmarkState>(bookmarkPath(tipId), { signal }),
    enabled,
  });

/** The member's bookmarks, newest first, 20 a page. */
export const useBookmarks = () =>
  useInfiniteQuery({
    queryKey: queryKeys.bookmarks.list,
    queryFn: ({ pageParam, signal }) =>
      apiClient.list<Bookmark>("/bookmarks", { params: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * Saves a bookmark (or changes it), or takes it back: `null` removes. The tip's state is what the server
 * answered; the list is read again.
 */
export function useSetBookmark(tipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookmarkInput | null) =>
      input === null
        ? apiClient.send<BookmarkState>("DELETE", bookmarkPath(tipId))
        : apiClient.send<BookmarkState>("PUT", bookmarkPath(tipId), input),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.bookmarks.tip(tipId), state);
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookmarks.list });
    },
  });
}
