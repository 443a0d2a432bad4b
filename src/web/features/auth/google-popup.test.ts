import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpResponse, http, server } from "#web/test/msw.ts";
import { POPUP_DONE_PATH, POPUP_MESSAGE_TYPE, signInWithGoogle } from "./google-popup.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakePopup() {
  return { closed: false, close: vi.fn(), location: { href: "about:blank" } };
}

/** Answers the request that starts sign-in with `answer()`; returns the bodies the app sent, in order. */
function answerSignInStart(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post("*/api/auth/sign-in/social", async ({ request }) => {
      sent.push(await request.clone().json());
      return answer();
    }),
  );
  return sent;
}

/**
 * Starts sign-in with a popup the browser lets open, the server answering with the provider's `url`;
 * returns once the popup has been sent there.
 */
async function signInThroughPopup(returnTo: string, url = "https://accounts.example/authorize") {
  const popup = fakePopup();
  const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
  const sent = answerSignInStart(() => HttpResponse.json({ url, redirect: false }));
  const result = signInWithGoogle(returnTo);
  // Before anything is awaited: a browser blocks a popup that is not opened straight from the click.
  expect(open).toHaveBeenCalledOnce();
  await vi.waitFor(() => expect(popup.location.href).toBe(url));
  return { popup, open, sent, result };
}

describe("signInWithGoogle", () => {
  it("opens a 500x600 popup at once, then sends it to the provider, and resolves when it reports back", async () => {
    const { open, sent, result } = await signInThroughPopup(
      "/my-tips",
      "https://accounts.example/authorize?x=1",
    );
    expect(open).toHaveBeenCalledWith(
      "about:blank",
      "garden-google-sign-in",
      expect.stringMatching(/width=500,height=600/),
    );
    expect(sent[0]).toMatchObject({
      provider: "google",
      callbackURL: POPUP_DONE_PATH,
      disableRedirect: true,
    });

    window.dispatchEvent(
      new MessageEvent("message", {
        origin: window.location.origin,
        data: { type: POPUP_MESSAGE_TYPE, error: null },
      }),
    );
    await expect(result).resolves.toEqual({ status: "success" });
  });

  it("reports a provider error from the popup", async () => {
    const { result } = await signInThroughPopup("/");
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
    const { popup, result } = await signInThroughPopup("/");
    popup.closed = true;
    await expect(result).resolves.toEqual({ status: "cancelled" });
  });

  it("falls back to a full-page redirect that returns to the page when the popup is blocked", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const sent = answerSignInStart(() =>
      HttpResponse.json({ url: "https://accounts.example/authorize", redirect: false }),
    );
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, origin: window.location.origin, assign });
    await expect(signInWithGoogle("/my-tips")).resolves.toEqual({ status: "redirecting" });
    expect(assign).toHaveBeenCalledWith("https://accounts.example/authorize");
    // A failure comes back to the login page, which still knows where the person was going.
    expect(sent[0]).toMatchObject({
      callbackURL: "/my-tips",
      errorCallbackURL: "/auth/login?returnTo=%2Fmy-tips",
    });
  });

  it("closes the popup and explains when the server refuses to start", async () => {
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    answerSignInStart(() => HttpResponse.json({ message: "Provider not found" }, { status: 404 }));
    await expect(signInWithGoogle("/")).resolves.toEqual({ status: "error", message: "Provider not found" });
    expect(popup.close).toHaveBeenCalled();
  });
});
