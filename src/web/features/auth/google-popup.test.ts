import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "#web/test/render.tsx";
import { POPUP_DONE_PATH, POPUP_MESSAGE_TYPE, signInWithGoogle } from "./google-popup.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakePopup() {
  return { closed: false, close: vi.fn(), location: { href: "about:blank" } };
}

describe("signInWithGoogle", () => {
  it("opens a 500x600 popup at once, then sends it to the provider, and resolves when it reports back", async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const fetchMock = vi.fn(async () =>
      jsonResponse({ url: "https://accounts.example/authorize?x=1", redirect: false }),
    );
    vi.stubGlobal("fetch", fetchMock);

    const result = signInWithGoogle("/my-tips");
    expect(open).toHaveBeenCalledWith(
      "about:blank",
      "garden-google-sign-in",
      expect.stringMatching(/width=500,height=600/),
    );
    await vi.waitFor(() => expect(popup.location.href).toBe("https://accounts.example/authorize?x=1"));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ provider: "google", callbackURL: POPUP_DONE_PATH, disableRedirect: true });

    window.dispatchEvent(
      new MessageEvent("message", {
        origin: window.location.origin,
        data: { type: POPUP_MESSAGE_TYPE, error: null },
      }),
    );
    await expect(result).resolves.toEqual({ status: "success" });
  });

  it("reports a provider error from the popup", async () => {
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.stubGlobal("fetch", async () =>
      jsonResponse({ url: "https://accounts.example/authorize", redirect: false }),
    );
    const result = signInWithGoogle("/");
    await vi.waitFor(() => expect(popup.location.href).toContain("accounts.example"));
    // A message from another origin is ignored.
    window.dispatchEvent(
      new MessageEvent("message", { origin: "https://evil.example", data: { type: POPUP_MESSAGE_TYPE } }),
    );
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: window.location.origin,
        data: { type: POPUP_MESSAGE_TYPE, error: "access_denied" },
      }),
    );
    await expect(result).resolves.toEqual({ status: "error", message: "Google sign-in was cancelled." });
  });

  it("says cancelled when the person closes the popup", async () => {
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.stubGlobal("fetch", async () =>
      jsonResponse({ url: "https://accounts.example/authorize", redirect: false }),
    );
    const result = signInWithGoogle("/");
    await vi.waitFor(() => expect(popup.location.href).toContain("accounts.example"));
    popup.closed = true;
    await expect(result).resolves.toEqual({ status: "cancelled" });
  });

  it("falls back to a full-page redirect that returns to the page when the popup is blocked", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const fetchMock = vi.fn(async () =>
      jsonResponse({ url: "https://accounts.example/authorize", redirect: false }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, origin: window.location.origin, assign });
    await expect(signInWithGoogle("/my-tips")).resolves.toEqual({ status: "redirecting" });
    expect(assign).toHaveBeenCalledWith("https://accounts.example/authorize");
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    // A failure comes back to the login page, which still knows where the person was going.
    expect(body).toMatchObject({
      callbackURL: "/my-tips",
      errorCallbackURL: "/auth/login?returnTo=%2Fmy-tips",
    });
  });

  it("closes the popup and explains when the server refuses to start", async () => {
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.stubGlobal("fetch", async () => jsonResponse({ message: "Provider not found" }, { status: 404 }));
    await expect(signInWithGoogle("/")).resolves.toEqual({ status: "error", message: "Provider not found" });
    expect(popup.close).toHaveBeenCalled();
  });
});
