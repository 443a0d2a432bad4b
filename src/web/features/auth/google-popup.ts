import { ApiClientError } from "#web/lib/api-client.ts";
import { startSocialSignIn } from "./api/start-social-sign-in.ts";

/** Where the provider sends the popup back to; the page tells this window and closes itself. */
export const POPUP_DONE_PATH = "/auth/popup-done.html";
const AUTH_CHANNEL = "garden-community-auth";
export const POPUP_MESSAGE_TYPE = "garden-community:oauth-done";

export type GoogleSignInResult =
  | { status: "success" }
  | { status: "cancelled" }
  | { status: "redirecting" }
  | { status: "error"; message: string };

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;

function popupFeatures() {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

function describeProviderError(code: string): string {
  if (code === "access_denied") return "Google sign-in was cancelled.";
  return `Google sign-in failed (${code.replaceAll("_", " ")}). Please try again.`;
}

/** The name of the login page's query parameter that carries where to go after signing in. */
export const RETURN_TO_PARAM = "returnTo";

/**
 * A failed full-page sign-in comes back to the login page (with ?error=); the page the person was trying
 * to reach travels along, as navigation state does not survive leaving the site.
 */
function loginPageReturningTo(returnTo: string): string {
  return returnTo === "/"
    ? "/auth/login"
    : `/auth/login?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}

/**
 * Google sign-in in a 500x600 popup, the previous version's size (ADR 009). When the browser blocks the popup
 * the whole page goes to Google instead and comes back to `returnTo`; when the person closes the popup, the
 * result says so. Must be called straight from a click handler, so the popup opens before anything is
 * awaited.
 */
export async function signInWithGoogle(returnTo: string): Promise<GoogleSignInResult> {
  const popup = window.open("about:blank", "garden-google-sign-in", popupFeatures());
  let url: string;
  try {
    ({ url } = await startSocialSignIn(
      popup
        ? { callbackURL: POPUP_DONE_PATH, errorCallbackURL: POPUP_DONE_PATH }
        : { callbackURL: returnTo, errorCallbackURL: loginPageReturningTo(returnTo) },
    ));
  } catch (error) {
    popup?.close();
    return {
      status: "error",
      message:
        error instanceof ApiClientError ? error.message : "Google sign-in could not start. Please try again.",
    };
  }

  if (!popup) {
    window.location.assign(url);
    return { status: "redirecting" };
  }
  if (popup.closed) return { status: "cancelled" };
  popup.location.href = url;

  return new Promise((resolve) => {
    let settled = false;
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(AUTH_CHANNEL) : null;
    const finish = (result: GoogleSignInResult) => {
      if (settled) return;
      settled = true;
      clearInterval(watcher);
      window.removeEventListener("message", onMessage);
      channel?.close();
      resolve(result);
    };
    const onDone = (data: unknown) => {
      if (!data || typeof data !== "object" || (data as { type?: unknown }).type !== POPUP_MESSAGE_TYPE)
        return;
      const error = (data as { error?: unknown }).error;
      if (!popup.closed) popup.close();
      finish(
        typeof error === "string" && error
          ? { status: "error", message: describeProviderError(error) }
          : { status: "success" },
      );
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onDone(event.data);
    };
    window.addEventListener("message", onMessage);
    if (channel) channel.onmessage = (event) => onDone(event.data);
    // A popup closed without a message was closed by the person: give a late message a moment first.
    const watcher = setInterval(() => {
      if (popup.closed) setTimeout(() => finish({ status: "cancelled" }), 400);
    }, 300);
  });
}
