import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LikeState, Tip } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useInvalidateTipData } from "./invalidate-tip-data.ts";

export const setLike = (id: string, liked: boolean) =>
  apiClient.send<LikeState>(liked ? "POST" : "DELETE", `/tips/${encodeURIComponent(id)}/like`);

/** Like/unlike shown at once, rolled back if the server refuses (ruling 8: one like per user, kept). */
export function useToggleLike(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTipData();
  const key = queryKeys.tips.detail(id);
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
      void invalidate({ keepDetail: id });
    },
  });
}
