import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useReturnPath } from "#web/features/auth/use-return-path.ts";
import { useSignedInOnArrival } from "#web/features/auth/use-signed-in-on-arrival.ts";

/**
 * A page for signing in: someone who was already signed in when they opened it has nothing to do there,
 * and goes on where they were going (home by default). Signing in on the page itself does not count: its
 * form says so and moves on by itself.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const returnTo = useReturnPath();
  if (useSignedInOnArrival()) return <Navigate to={returnTo} replace />;
  return children;
}
