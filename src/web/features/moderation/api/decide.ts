import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Decision } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

interface DecisionRequest {
  caseId: string;
  action: Decision["action"];
  reason: string;
  durationHours?: number | null;
}

const decide = ({ caseId, ...body }: DecisionRequest) =>
  apiClient.send<Decision>("POST", `/moderation/queue/${encodeURIComponent(caseId)}/decision`, body);

/**
 * Decides a case. Whatever the answer (a decision, or 409 because another moderator was first), the queue,
 * the tips and the log are read again: the item leaves the queue and shows as it now is.
 */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tips.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
      ]),
  });
}
