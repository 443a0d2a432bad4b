import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Appeal } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const appeal = (body: { caseId: string; note: string; token?: string }) =>
  apiClient.send<Appeal>("POST", "/moderation/appeals", body);

/** Appeals a decision: signed in, or with the e-mail link's token. */
export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appeal,
    // The decision reads again wherever it shows: the member's list, or the page of an e-mail's link.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  });
}
