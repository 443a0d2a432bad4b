import { useMutation, useQuery } from "@tanstack/react-query";
import { paths } from "#web/config/paths.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const requestPasswordReset = (email: string) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/request-password-reset", {
    email,
    redirectTo: paths.auth.reset.getHref(),
  });

const resetPassword = (token: string, newPassword: string) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/reset-password", { token, newPassword });

/** Sends the reset link; the answer is the same whether or not the account exists, so nobody learns who has one. */
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** Sets the new password with the token from the e-mailed link. */
export const useResetPassword = (token: string) =>
  useMutation({ mutationFn: (newPassword: string) => resetPassword(token, newPassword) });

const checkResetToken = (token: string) =>
  apiClient.send<{ valid: boolean }>("POST", "/auth/check-reset-token", { token });

/**
 * Whether the e-mailed link still sets a password (a used, replaced or expired one does not): asked once
 * as the page opens, so the member is told before typing anything.
 */
export const useResetTokenCheck = (token: string) =>
  useQuery({
    queryKey: queryKeys.resetToken(token),
    queryFn: () => checkResetToken(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
