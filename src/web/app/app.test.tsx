import { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { HydratedContext } from "#web/hooks/use-hydrated.ts";
import { App } from "./app.tsx";

function Page() {
  return (
    <HydrationGate>
      <button type="button">Switch to dark theme</button>
    </HydrationGate>
  );
}

describe("App taking over a page the server rendered", () => {
  it("opens the page's gates once hydration has committed, then marks <html data-hydrated>", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <HydratedContext value={false}>
        <Page />
      </HydratedContext>,
    );
    document.body.append(container);
    const router = createMemoryRouter([{ path: "/", element: <Page /> }]);
    const root = hydrateRoot(container, <App router={router} queryClient={new QueryClient()} hydrating />);
    const toggle = screen.getByRole("button", { name: "Switch to dark theme" });
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(toggle).toBeEnabled());
    await waitFor(() => expect(document.documentElement).toHaveAttribute("data-hydrated"));
    act(() => root.unmount());
    container.remove();
  });
});
