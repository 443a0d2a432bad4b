import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { ToastHost } from "#web/lib/toast.tsx";

const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Renders a component inside the providers the app gives it: a fresh query cache and a router. */
export function renderWithProviders(ui: ReactElement, { route = "/" }: { route?: string } = {}) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Renders pages as the app does: a data router over `routes` (so navigation, search parameters and
 * Back work), a fresh query cache and the toasts. Returns the router to read its location.
 */
export function renderRoutes(routes: RouteObject[], { route = "/" }: { route?: string } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/** A wide screen (every `min-width` media query matches), for the table layouts: jsdom has no matchMedia. */
export function stubWideScreen() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("min-width"),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
