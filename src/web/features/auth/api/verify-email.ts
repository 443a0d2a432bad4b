import { useMutation } from "@tanstack/react-query";
import { apiClient } from "#web/lib/api-client.ts";
import { useRefreshSession } from "#web/lib/auth.ts";

const verifyEmail = (token: string) =>
  apiClient.get<{ status: boolean }>("/auth/verify-email", { params: { token } });

/**
 * Confirms the e-mail with the token of the e-mailed link, in this (signed-in) browser: the link alone
 * signs nobody in and verifies nothing without the account's session. The session is read again after.
 */
export function useConfirmEmail() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (token: string) => {
      await verifyEmail(token);
      await refreshSession();
    },
  });
}
