import { queryOptions } from "@tanstack/react-query";
import type { PasswordPolicy } from "#shared/schemas/auth.ts";
import { apiClient } from "#web/lib/api-client.ts";

/** The account as better-auth answers it. */
export interface AccountUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionData {
  user: AccountUser;
  session: { id: string; expiresAt: string };
}

export const getSession = (signal?: AbortSignal) =>
  apiClient.get<SessionData | null>("/auth/get-session", { signal });

export const sessionQueryKey = ["session"] as const;
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });

export const passwordPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ["password-policy"],
    queryFn: ({ signal }) => apiClient.get<PasswordPolicy>("/auth/password-policy", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const signInWithEmail = (email: string, password: string) =>
  apiClient.send<{ user: AccountUser }>("POST", "/auth/sign-in/email", { email, password });

export const signUpWithEmail = (input: { name: string; email: string; password: string; image: string }) =>
  apiClient.send<{ user: AccountUser }>("POST", "/auth/sign-up/email", input);

export const signOut = () => apiClient.send<{ success: boolean }>("POST", "/auth/sign-out", {});

export const updateProfile = (input: { name: string; image: string | null }) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/update-user", input);

export const requestPasswordReset = (email: string) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/request-password-reset", {
    email,
    redirectTo: "/auth/reset",
  });

/** E-mails the signed-in user a new verification link that lands on the profile. */
export const sendVerificationEmail = (email: string) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/send-verification-email", {
    email,
    callbackURL: "/profile",
  });

export const resetPassword = (token: string, newPassword: string) =>
  apiClient.send<{ status: boolean }>("POST", "/auth/reset-password", { token, newPassword });

export const startSocialSignIn = (input: { callbackURL: string; errorCallbackURL: string }) =>
  apiClient.send<{ url: string; redirect: boolean }>("POST", "/auth/sign-in/social", {
    provider: "google",
    disableRedirect: true,
    ...input,
  });
