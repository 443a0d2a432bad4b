import { useMutation } from "@tanstack/react-query";
import type { LoginInput, User } from "#shared/schemas/auth.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useRefreshSession } from "#web/lib/auth.ts";

const signInWithEmail = ({ email, password }: LoginInput) =>
  apiClient.send<{ user: User }>("POST", "/auth/sign-in/email", { email, password });

/** Email and password sign-in; the session is read again before it counts as done. */
export function useLogin() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      await signInWithEmail(input);
      await refreshSession();
    },
  });
}
