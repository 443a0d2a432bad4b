import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Decision, QueueItem } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The open cases, heaviest first (moderators only). */
export const useModerationQueue = () =>
  useQuery({
    queryKey: queryKeys.moderation.queue,
    queryFn: ({ signal }) =>
      apiClient.get<QueueItem[]>("/moderation/queue", { params: { limit: 100 }, signal }),
  });

/**
 * How many cases wait for the signed-in moderator or administrator, read again each minute and after
 * each decision; null for anyone else (who is never asked).
 */
export function useModerationWaiting(): number | null {
  const { user } = useUser();
  const team = user !== null && user.role !== "member";
  const waiting = useQuery({
    queryKey: queryKeys.moderation.waiting,
    queryFn: ({ signal }) => apiClient.get<{ waiting: number }>("/moderation/queue/count", { signal }),
    enabled: team,
    refetchInterval: 60_000,
  });
  return team ? (waiting.data?.waiting ?? null) : null;
}

/** The team's link to the queue says how many cases wait: "Moderation (3 waiting)". */
export const moderationLabel = (waiting: number | null) =>
  waiting === null ? "Moderation" : `Moderation (${waiting} waiting)`;

export interface DecisionRequest {
  caseId: string;
  action: Decision["action"];
  reason: string;
  durationHours?: number | null;
}

/**
 * Decides a case. Whatever the answer (a decision, or 409 because another moderator was first), the queue,
 * the tips and the log are read again: the item leaves the queue and shows as it now is.
 */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, ...body }: DecisionRequest) =>
      apiClient.send<Decision>("POST", `/moderation/queue/${encodeURIComponent(caseId)}/decision`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tips.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
      ]),
  });
}
