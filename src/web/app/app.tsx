import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router";

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
