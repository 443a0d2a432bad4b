import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Comment } from "#shared/schemas/comment.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const commentsPath = (tipId: string) => `/tips/${encodeURIComponent(tipId)}/comments`;

/** A tip's comments, a page of 50 at a time; `fetchNextPage` reads the next. */
export const useComments = (tipId: string) =>
  useInfiniteQuery({
    queryKey: queryKeys.comments.tip(tipId),
    queryFn: ({ pageParam, signal }) =>
      apiClient.list<Comment>(commentsPath(tipId), { params: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * After a comment is written, changed or deleted: the tip's comments and every count of them (the tip,
 * its cards) are read again.
 */
function useRefresh(tipId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.comments.tip(tipId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.tips.all }),
    ]);
}

export function useAddComment(tipId: string) {
  const refresh = useRefresh(tipId);
  return useMutation({
    mutationFn: (input: { body: string; replyTo?: string }) =>
      apiClient.send<Comment>("POST", commentsPath(tipId), input),
    onSuccess: refresh,
  });
}

export function useEditComment(tipId: string) {
  const refresh = useRefresh(tipId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiClient.send<Comment>("PATCH", `/comments/${encodeURIComponent(id)}`, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(tipId: string) {
  const refresh = useRefresh(tipId);
  return useMutation({
    mutationFn: (id: string) => apiClient.send<void>("DELETE", `/comments/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
