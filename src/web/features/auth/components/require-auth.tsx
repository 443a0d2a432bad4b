import { type ReactNode, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { clearLoggedOutHere, useLoggedOutHere, useUser } from "#web/lib/auth.ts";

/**
 * A member's page: a visitor is sent to the login page, which brings them back here afterwards. A
 * member's pages are kept out of search engines (the server says so too, with X-Robots-Tag).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  return (
    <>
      <meta name="robots" content="noindex" />
      <Guarded>{children}</Guarded>
    </>
  );
}

function Guarded({ children }: { children: ReactNode }) {
  const { user, isPending } = useUser();
  const location = useLocation();
  const loggedOutHere = useLoggedOutHere();
  // A logout from an earlier page says nothing about this visit: this page is for signing in.
  const [staleLogout] = useState(loggedOutHere);
  useEffect(() => {
    if (staleLogout) clearLoggedOutHere();
  }, [staleLogout]);

  if (isPending) return <FullPageLoader label="Checking your session…" />;
  // Someone who just logged out here has not come to sign in: they go home, as from any other page.
  if (!user && loggedOutHere && !staleLogout) return <Navigate to={paths.home.getHref()} replace />;
  if (!user) return <Navigate to={paths.auth.login.getHref()} state={{ from: location }} replace />;
  return children;
}
