import { useMutation } from "@tanstack/react-query";
import { useRefreshSession } from "#web/lib/auth.ts";
import { signInWithGoogle } from "../google-popup.ts";

/**
 * Google sign-in through the popup (see google-popup.ts). Resolves "success", "cancelled" (the person closed
 * the popup) or "redirecting" (the popup was blocked: the whole page goes to Google); a provider or server
 * refusal is the mutation's error.
 */
export function useGoogleSignIn() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async (returnTo: string) => {
      const result = await signInWithGoogle(returnTo);
      if (result.status === "error") throw new Error(result.message);
      // A popup that lost touch with this window may still have signed in: the session tells.
      if (result.status === "cancelled") return (await refreshSession()) ? "success" : "cancelled";
      if (result.status === "success") await refreshSession();
      return result.status;
    },
  });
}
