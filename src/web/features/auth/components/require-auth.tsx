import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { clearLoggedOutHere, useLoggedOutHere, useUser } from "#web/lib/auth.ts";

/**
 * Protected routes: a visitor is sent to the login page, which brings them back here afterwards. A
 * member's pages are kept out of search engines (the server says so too, with X-Robots-Tag).
 */
export function RequireAuth() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <Guarded />
    </>
  );
}

function Guarded() {
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
  return <Outlet />;
}
