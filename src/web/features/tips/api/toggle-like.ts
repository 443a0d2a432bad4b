import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LikeState, Tip } from "#shared/schemas/tip.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useInvalidateTipData } from "./invalidate-tip-data.ts";

const setLike = (id: string, liked: boolean) =>
  apiClient.send<LikeState>(liked ? "POST" : "DELETE", `/tips/${encodeURIComponent(id)}/like`);

/**
 * Like/unlike shown at once, rolled back if the server refuses (one like per member, kept on the server).
 * Presses follow each other as fast as the member makes them: the requests for one tip go one after
 * another (a mutation scope), so the server ends in the state of the last press, and an answer is shown
 * only when no later press is still on its way (it would flicker back otherwise).
 */
export function useToggleLike(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTipData();
  const key = queryKeys.tips.detail(id);
  const mutationKey = [...key, "like"];
  const latest = () => queryClient.isMutating({ mutationKey }) <= 1;
  return useMutation({
    mutationKey,
    scope: { id: mutationKey.join("/") },
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
      if (!latest()) return;
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (state) => {
      if (!latest()) return;
      queryClient.setQueryData<Tip>(key, (tip) =>
        tip ? { ...tip, likedByMe: state.liked, totalLiked: state.totalLiked } : tip,
      );
      void invalidate({ keepDetail: id });
    },
  });
}
