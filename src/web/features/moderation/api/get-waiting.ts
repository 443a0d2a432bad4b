import { useQuery } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

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
