import { useMutation } from "@tanstack/react-query";
import type { User } from "#shared/schemas/auth.ts";
import { apiClient } from "#web/lib/api-client.ts";
import { useRefreshSession } from "#web/lib/auth.ts";

export interface SignUpBody {
  name: string;
  email: string;
  password: string;
  /** The profile photo URL (spec: photoUrl). */
  image: string;
  /** The hidden field, sent only when something filled it in (SIGN_UP_TRAP_FIELD). */
  website?: string;
}

const signUpWithEmail = (body: SignUpBody) =>
  apiClient.send<{ user: User }>("POST", "/auth/sign-up/email", body);

/**
 * Creates the account with its name and photo in one call (the previous version's two steps, sign-up
 * then profile update, are one here), signed in at once: verifying the e-mail can wait.
 */
export function useSignup() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await signUpWithEmail(body);
      await refreshSession();
    },
  });
}
