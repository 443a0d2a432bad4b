import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * After any change to tips, everything that counts or lists them is read again: tip lists, the
 * gardeners' shared-tip counts and the dashboard figures. `keepDetail` leaves one tip's own query alone.
 */
export function useInvalidateTipData() {
  const queryClient = useQueryClient();
  return ({ keepDetail }: { keepDetail?: string } = {}) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.tips.all,
        predicate: (query) =>
          keepDetail === undefined ||
          JSON.stringify(query.queryKey) !== JSON.stringify(queryKeys.tips.detail(keepDetail)),
      }),
      queryClient.invalidateQueries({ queryKey: queryKeys.gardeners.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
    ]);
}
