import { useQuery } from "@tanstack/react-query";
import type { Notice } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

// A POST, so the token travels in the body, where no log records it.
const lookupNotice = (token: string) =>
  apiClient.send<Notice>("POST", "/moderation/notices/lookup", { token });

/** The decision an e-mail's appeal link names (the link works without signing in); "" asks nothing. */
export const useNoticeByLink = (token: string) =>
  useQuery({
    queryKey: queryKeys.moderation.byLink(token),
    queryFn: () => lookupNotice(token),
    enabled: token !== "",
    retry: false,
  });
