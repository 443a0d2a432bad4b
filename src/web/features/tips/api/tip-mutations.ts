import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LikeState, Tip, TipInput } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";

export const getTip = (id: string, signal?: AbortSignal) =>
  apiClient.get<Tip>(`/tips/${encodeURIComponent(id)}`, { signal });

export const tipQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["tips", "detail", id], queryFn: ({ signal }) => getTip(id, signal) });

export const useTip = (id: string) => useQuery(tipQueryOptions(id));

export const createTip = (input: TipInput) => apiClient.send<Tip>("POST", "/tips", input);
export const updateTip = (id: string, input: TipInput) =>
  apiClient.send<Tip>("PUT", `/tips/${encodeURIComponent(id)}`, input);
export const deleteTip = (id: string) => apiClient.send<void>("DELETE", `/tips/${encodeURIComponent(id)}`);
export const setLike = (id: string, liked: boolean) =>
  apiClient.send<LikeState>(liked ? "POST" : "DELETE", `/tips/${encodeURIComponent(id)}/like`);

/** After any change to tips, every list and the changed tip are read again. */
function useInvalidateTips() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["tips"] });
}

export function useCreateTip() {
  const invalidate = useInvalidateTips();
  return useMutation({ mutationFn: createTip, onSuccess: invalidate });
}

export function useUpdateTip(id: string) {
  const invalidate = useInvalidateTips();
  return useMutation({ mutationFn: (input: TipInput) => updateTip(id, input), onSuccess: invalidate });
}

/**
 * The deleted tip's own query is not read again: it could only answer 404, and the details page that
 * shows it may still be on screen while it navigates away. It is dropped once nothing shows it.
 */
export function useDeleteTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTip,
    onSuccess: async (_result, id) => {
      const queryKey = tipQueryOptions(id).queryKey;
      await queryClient.cancelQueries({ queryKey, exact: true });
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query?.isActive()) {
        const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
          if (event.query !== query || event.type !== "observerRemoved" || query.isActive()) return;
          unsubscribe();
          queryClient.removeQueries({ queryKey, exact: true });
        });
      } else {
        queryClient.removeQueries({ queryKey, exact: true });
      }
      await queryClient.invalidateQueries({ queryKey: ["tips", "list"] });
    },
  });
}

/** Like/unlike shown at once, rolled back if the server refuses (issue 5). */
export function useToggleLike(id: string) {
  const queryClient = useQueryClient();
  const key = tipQueryOptions(id).queryKey;
  return useMutation({
    mutationFn: (liked: boolean) => setLike(id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Tip>(key);
      if (previous) {
        queryClient.setQueryData<Tip>(key, {
          ...previous,
          likedByMe: liked,
          totalLiked: Math.max(0, previous.totalLiked + (liked ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _liked, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<Tip>(key, (tip) =>
        tip ? { ...tip, likedByMe: state.liked, totalLiked: state.totalLiked } : tip,
      );
      void queryClient.invalidateQueries({ queryKey: ["tips", "list"] });
    },
  });
}
