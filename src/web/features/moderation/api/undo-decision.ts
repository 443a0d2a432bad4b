import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LogEntry } from "#shared/schemas/moderation.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const undoDecision = ({ entryId, reason }: { entryId: number; reason: string }) =>
  apiClient.send<LogEntry>("POST", `/moderation/log/${entryId}/undo`, { reason });

/**
 * An administrator undoes a decision from its log entry. Whatever the answer, the log, the queue and the
 * items are read again: the entry shows as no longer undoable, and the item as it now is.
 */
export function useUndoDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoDecision,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tips.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.comments.all }),
      ]),
  });
}
