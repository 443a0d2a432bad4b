import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import type { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router";

/**
 * Marks <html data-hydrated> once the page has taken over the server's HTML (or rendered itself): a frame
 * after the commit that enables its controls, so they change colour without a transition (styles.css).
 */
function useMarkHydrated() {
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      setTimeout(() => document.documentElement.setAttribute("data-hydrated", ""), 0),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
}

export function App({
  router,
  queryClient,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
}) {
  useMarkHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
