import { act, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { HydratedContext } from "#web/hooks/use-hydrated.ts";
import { HydrationGate } from "./hydration-gate.tsx";

/** A bit of page with a gate: buttons, a field and a list that need the script, a link that does not. */
function Controls({ busy = false }: { busy?: boolean }) {
  return (
    <div className="flex gap-2">
      <HydrationGate>
        <button type="button">Next slide</button>
        <button type="button" disabled={busy}>
          Logout
        </button>
        <input aria-label="Search tips" />
        <select aria-label="Sort by">
          <option>Newest</option>
        </select>
      </HydrationGate>
      <a href="/browse-tips">Browse Tips</a>
    </div>
  );
}

/** The page as the server sends it (entry-server.tsx renders inside the same context). */
const serverHtml = (busy = false) =>
  renderToString(
    <HydratedContext value={false}>
      <Controls busy={busy} />
    </HydratedContext>,
  );

/** Hydrated once the first render in the browser has committed, as App says (app.test.tsx has App itself). */
function TakingOver({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

let unmount: () => void = () => {};
afterEach(() => {
  act(() => unmount());
  unmount = () => {};
  document.body.innerHTML = "";
});

/** The server's HTML in the page, then hydrated; returns the server's "Next slide" button. */
function hydrate(busy = false) {
  const container = document.createElement("div");
  container.innerHTML = serverHtml(busy);
  document.body.append(container);
  const before = screen.getByRole("button", { name: "Next slide" });
  const root = hydrateRoot(
    container,
    <TakingOver>
      <Controls busy={busy} />
    </TakingOver>,
  );
  unmount = () => root.unmount();
  return before;
}

describe("HydrationGate", () => {
  it("is disabled in the server's HTML, taking no room and no place in the accessibility tree", () => {
    const html = serverHtml();
    expect(html).toContain('<fieldset disabled="" role="none" class="contents">');
    document.body.innerHTML = html;
    expect(screen.getByRole("button", { name: "Next slide" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Logout" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Search tips" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toBeDisabled();
    // A link needs no script: it works from the first paint.
    expect(screen.getByRole("link", { name: "Browse Tips" })).not.toHaveAttribute("aria-disabled");
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("enables its controls once the page has been hydrated, with no mismatch", async () => {
    const before = hydrate();
    // The first render in the browser matches the server's: still disabled.
    expect(before).toBeDisabled();
    await waitFor(() => expect(screen.getByRole("button", { name: "Next slide" })).toBeEnabled());
    // Hydrated, not drawn again: the server's button is the one now enabled.
    expect(screen.getByRole("button", { name: "Next slide" })).toBe(before);
    expect(screen.getByRole("textbox", { name: "Search tips" })).toBeEnabled();
    expect(screen.getByRole("combobox", { name: "Sort by" })).toBeEnabled();
    // (A mismatch would have been a console.error, which fails the test: src/web/test/setup.ts.)
  });

  it("leaves a control's own disabled to it", async () => {
    hydrate(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Next slide" })).toBeEnabled());
    expect(screen.getByRole("button", { name: "Logout" })).toBeDisabled();
  });

  it("is enabled at once in a page the browser renders itself", () => {
    render(<Controls />);
    expect(screen.getByRole("button", { name: "Next slide" })).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Search tips" })).toBeEnabled();
  });
});
