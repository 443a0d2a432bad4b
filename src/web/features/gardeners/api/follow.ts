import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FollowState, FollowStates } from "#shared/schemas/follow.ts";
import type { GardenerPage } from "#shared/schemas/gardener.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const followPath = (handle: string) => `/gardeners/${encodeURIComponent(handle)}/follow`;
const followMutationKey = (handle: string) => [...queryKeys.gardeners.follow(handle), "set"];
/** The question a page of cards asks about follows, under this prefix whatever handles it names. */
const followStatesKey = [...queryKeys.gardeners.all, "follows"] as const;

/**
 * Whether the signed-in member follows each of a page of gardeners, asked in one request; each answer is
 * kept as that gardener's own follow state, which their cards' buttons read.
 */
export function useFollowStates(handles: string[], { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const sorted = [...new Set(handles.map((handle) => handle.toLowerCase()))].sort();
  return useQuery({
    queryKey: [...followStatesKey, sorted],
    queryFn: async ({ signal }) => {
      const states = await apiClient.get<FollowStates>("/follows", {
        params: { handles: sorted.join(",") },
        signal,
      });
      for (const { handle, ...state } of states) {
        // A press still on its way is newer than this answer: its own answer will say.
        if (queryClient.isMutating({ mutationKey: followMutationKey(handle) }) > 0) continue;
        queryClient.setQueryData<FollowState>(queryKeys.gardeners.follow(handle), state);
      }
      return states;
    },
    enabled: enabled && sorted.length > 0,
  });
}

/** Whether the signed-in member follows the gardener; asked only while someone is signed in. */
export const useFollowState = (handle: string, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: queryKeys.gardeners.follow(handle),
    queryFn: ({ signal }) => apiClient.get<FollowState>(followPath(handle), { signal }),
    enabled,
  });

/**
 * Follows or unfollows, shown at once and taken back when the server refuses. Presses go one after another
 * (a mutation scope), so the server ends as the last press asked; the page's follower count follows the
 * answer, and the Following list of Browse Tips is read again.
 */
export function useSetFollowing(handle: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.gardeners.follow(handle);
  const mutationKey = followMutationKey(handle);
  const latest = () => queryClient.isMutating({ mutationKey }) <= 1;
  const show = (state: FollowState) => {
    queryClient.setQueryData<FollowState>(key, state);
    queryClient.setQueryData<GardenerPage>(queryKeys.gardeners.page(handle), (page) =>
      page ? { ...page, followers: state.followers } : page,
    );
  };
  return useMutation({
    mutationKey,
    scope: { id: mutationKey.join("/") },
    mutationFn: (following: boolean) =>
      apiClient.send<FollowState>(following ? "PUT" : "DELETE", followPath(handle)),
    onMutate: async (following) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: key }),
        queryClient.cancelQueries({ queryKey: followStatesKey }),
      ]);
      const previous = queryClient.getQueryData<FollowState>(key);
      if (previous && previous.following !== following)
        show({ following, followers: Math.max(0, previous.followers + (following ? 1 : -1)) });
      return { previous };
    },
    onError: (_error, _following, context) => {
      if (!latest()) return;
      if (context?.previous) show(context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (state) => {
      if (!latest()) return;
      show(state);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tips.list({ following: true }) });
    },
  });
}
