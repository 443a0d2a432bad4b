import { useQuery } from "@tanstack/react-query";
import type { Notice } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The decisions about what the signed-in member posted, newest first; nothing is asked of a visitor. */
export function useNotices() {
  const { user } = useUser();
  return useQuery({
    queryKey: queryKeys.moderation.notices,
    queryFn: ({ signal }) => apiClient.get<Notice[]>("/moderation/notices", { signal }),
    enabled: Boolean(user),
  });
}
