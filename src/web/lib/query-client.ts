import { QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-client.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network and server errors get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiClientError && !error.isServerError) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
