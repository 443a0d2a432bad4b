import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { useRefreshSession } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export interface ProfileBody {
  name: string;
  image: string | null;
}

const updateProfile = (body: ProfileBody) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/update-user", body);

/**
 * The display name and photo. Tips and gardener pages show their author's current name and photo, so
 * every tip, gardener and dashboard figure loaded is read again.
 */
export function useUpdateProfile() {
  const refreshSession = useRefreshSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileBody) => {
      await updateProfile(body);
      await refreshSession();
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tips.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.gardeners.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
