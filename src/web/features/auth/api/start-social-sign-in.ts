import { apiClient } from "#web/lib/api-client.ts";

/** Asks the server for the Google authorization URL, without redirecting this page. */
export const startSocialSignIn = (input: { callbackURL: string; errorCallbackURL: string }) =>
  apiClient.send<{ url: string; redirect: boolean }>("POST", "/auth/sign-in/social", {
    provider: "google",
    disableRedirect: true,
    ...input,
  });
