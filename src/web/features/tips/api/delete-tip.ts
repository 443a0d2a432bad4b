import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useInvalidateTipData } from "./invalidate-tip-data.ts";

const deleteTip = (id: string) => apiClient.send<void>("DELETE", `/tips/${encodeURIComponent(id)}`);

/**
 * The deleted tip's own query is not read again: it could only answer 404, and the details page that
 * shows it may still be on screen while it navigates away. It is dropped once nothing shows it.
 */
export function useDeleteTip() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTipData();
  return useMutation({
    mutationFn: deleteTip,
    onSuccess: async (_result, id) => {
      const queryKey = queryKeys.tips.detail(id);
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
      await invalidate({ keepDetail: id });
    },
  });
}
