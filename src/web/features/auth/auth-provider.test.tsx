import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "#web/test/render.tsx";
import { AuthProvider, useAuth } from "./auth-provider.tsx";
import { POPUP_MESSAGE_TYPE } from "./google-popup.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let auth: ReturnType<typeof useAuth> | null = null;
function Probe() {
  auth = useAuth();
  return <p>{auth.loading ? "loading" : "idle"}</p>;
}

function renderProvider() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe("loginWithGoogle", () => {
  it("is loading from the start until the popup reports back (spec section 4)", async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: "about:blank" } };
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.stubGlobal("fetch", async (url: string) =>
      url.includes("/sign-in/social")
        ? jsonResponse({ url: "https://accounts.example/authorize", redirect: false })
        : jsonResponse(null),
    );
    renderProvider();
    await screen.findByText("idle");

    let result: Promise<unknown> = Promise.resolve();
    act(() => {
      result = auth?.loginWithGoogle("/my-tips") ?? result;
    });
    expect(screen.getByText("loading")).toBeInTheDocument();
    await waitFor(() => expect(popup.location.href).toContain("accounts.example"));
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          origin: window.location.origin,
          data: { type: POPUP_MESSAGE_TYPE, error: "access_denied" },
        }),
      );
    });
    await act(async () => {
      await expect(result).resolves.toEqual({ status: "error", message: "Google sign-in was cancelled." });
    });
    expect(screen.getByText("idle")).toBeInTheDocument();
    expect(auth?.errorMessage).toBe("Google sign-in was cancelled.");
  });
});
