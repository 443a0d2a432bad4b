import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SowingReminder } from "#shared/schemas/crop-page.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const pathOf = (crop: string) => `/crops/${encodeURIComponent(crop)}/reminder`;

/** The signed-in member's reminder for `crop` (null when none). */
export const useSowingReminder = (crop: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sowingReminder(crop),
    queryFn: ({ signal }) => apiClient.get<{ reminder: SowingReminder | null }>(pathOf(crop), { signal }),
    enabled,
  });

/** Sets (with the tip it came from, if any) or removes the member's reminder for `crop`. */
export function useChangeSowingReminder(crop: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { tipId?: string } | null) =>
      change
        ? apiClient.send<SowingReminder>("PUT", pathOf(crop), change)
        : apiClient.send<undefined>("DELETE", pathOf(crop)),
    onSuccess: (reminder) =>
      queryClient.setQueryData(queryKeys.sowingReminder(crop), { reminder: reminder ?? null }),
  });
}
