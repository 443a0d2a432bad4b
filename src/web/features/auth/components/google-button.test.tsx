import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpResponse, http, server } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { POPUP_MESSAGE_TYPE } from "../google-popup.ts";
import { GoogleButton } from "./google-button.tsx";

afterEach(() => {
  vi.restoreAllMocks();
});

/** A server with Google sign-in configured, which hands out the provider's address. */
function answerGoogleSignIn() {
  server.use(
    http.get("*/api/config", () => HttpResponse.json({ social: {}, googleSignIn: true })),
    http.post("*/api/auth/sign-in/social", () =>
      HttpResponse.json({ url: "https://accounts.example/authorize", redirect: false }),
    ),
  );
}

describe("GoogleButton", () => {
  it("is busy from the click until the popup reports back, then shows the provider's refusal", async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: "about:blank" } };
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    answerGoogleSignIn();
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
    answerGoogleSignIn();
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
