import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import type { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router";
import { HydratedContext } from "#web/hooks/use-hydrated.ts";

/**
 * False until a page rendered by the server has been taken over, then true (useHydrated). Marks
 * <html data-hydrated> a frame after the commit that enables the page's controls, so they change colour
 * without a transition (styles.css).
 */
function useHydratedState(hydrating: boolean): boolean {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) {
      startTransition(() => setHydrated(true));
      return;
    }
    const frame = requestAnimationFrame(() =>
      setTimeout(() => document.documentElement.setAttribute("data-hydrated", ""), 0),
    );
    return () => cancelAnimationFrame(frame);
  }, [hydrated]);
  return hydrated;
}

export function App({
  router,
  queryClient,
  hydrating = false,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  /** True when taking over the server's HTML (main.tsx). */
  hydrating?: boolean;
}) {
  const hydrated = useHydratedState(hydrating);
  return (
    <HydratedContext value={hydrated}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </HydratedContext>
  );
}
