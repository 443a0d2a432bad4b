import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

export function createQueryClient() {
  // A 401 from any call means the session is gone (expired, or signed out in another tab): read it again,
  // so the navbar and the protected pages see a visitor at once instead of a user who no longer is one.
  const onError = (error: Error) => {
    if (error instanceof ApiClientError && error.status === 401 && !isSessionQueryFetching())
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
  const isSessionQueryFetching = () => queryClient.isFetching({ queryKey: queryKeys.session }) > 0;
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network and server errors get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiClientError && !error.isServerError) && failureCount < 1,
        refetchOnWindowFocus: false,
        // Offline, a request fails at once and says so (with a retry), instead of waiting unseen for the
        // network to come back: a share or a like must never spin forever.
        networkMode: "always",
      },
      mutations: { networkMode: "always" },
    },
  });
  return queryClient;
}
