import { useMutation } from "@tanstack/react-query";
import { paths } from "#web/config/paths.ts";
import { apiClient } from "#web/lib/api-client.ts";

/** E-mails the signed-in user a new verification link that lands on the profile. */
const sendVerificationEmail = (email: string) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/send-verification-email", {
    email,
    callbackURL: paths.profile.getHref(),
  });

export const useSendVerificationEmail = (email: string) =>
  useMutation({ mutationFn: () => sendVerificationEmail(email) });
