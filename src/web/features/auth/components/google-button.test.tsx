import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders } from "#web/test/render.tsx";
import { POPUP_MESSAGE_TYPE } from "../google-popup.ts";
import { GoogleButton } from "./google-button.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubServer() {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url.includes("/sign-in/social"))
      return jsonResponse({ url: "https://accounts.example/authorize", redirect: false });
    if (url.includes("/config")) return jsonResponse({ social: {}, googleSignIn: true });
    return jsonResponse(null);
  });
}

describe("GoogleButton", () => {
  it("is busy from the click until the popup reports back, then shows the provider's refusal", async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: "about:blank" } };
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    stubServer();
    renderWithProviders(
      <GoogleButton
        label="Login with Google"
        returnTo="/my-tips"
        successMessage="Login success with google"
      />,
    );
    const button = screen.getByRole("button", { name: "Login with Google" });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    await waitFor(() => expect(popup.location.href).toContain("accounts.example"));
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          origin: window.location.origin,
          data: { type: POPUP_MESSAGE_TYPE, error: "access_denied" },
        }),
      );
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Google sign-in was cancelled.");
    expect(button).toBeEnabled();
  });

  it("says sign-in was cancelled when the person closes the popup, and can be tried again", async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: "about:blank" } };
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    stubServer();
    renderWithProviders(
      <GoogleButton label="Login with Google" returnTo="/" successMessage="Login success with google" />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Login with Google" }));
    await waitFor(() => expect(popup.location.href).toContain("accounts.example"));
    popup.closed = true;
    expect(await screen.findByRole("status")).toHaveTextContent("Google sign-in was cancelled.");
    expect(screen.getByRole("button", { name: "Login with Google" })).toBeEnabled();
  });
});
