import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Profile, ProfileFormSchema } from "#shared/schemas/gardener.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * The member's gardener page: handle, bio, card fields and being listed. Every gardener page, card and
 * tip loaded is read again (a new handle moves the links on their tips).
 */
export function useUpdateGardenerPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof ProfileFormSchema>) =>
      apiClient.send<Profile>("PATCH", "/profile", body),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.gardeners.profile, profile);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.gardeners.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tips.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  });
}
