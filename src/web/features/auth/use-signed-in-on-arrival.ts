import { useState } from "react";
import { useUser } from "#web/lib/auth.ts";

/**
 * Whether someone was already signed in when they opened a sign-in page: they have nothing to do there.
 * Signing in on the page itself does not count; the form then says so and moves on by itself.
 */
export function useSignedInOnArrival(): boolean {
  const { user } = useUser();
  const [signedIn] = useState(user !== null);
  return signedIn;
}
