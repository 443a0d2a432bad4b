import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "../auth-provider.tsx";

/** Protected routes: a visitor is sent to the login page, which brings them back here afterwards. */
export function RequireAuth() {
  const { user, initializing, loggedOut } = useAuth();
  const location = useLocation();
  if (initializing) return <FullPageLoader label="Checking your session…" />;
  // Someone who just logged out here has not come to sign in: they go home, as from any other page.
  if (!user && loggedOut) return <Navigate to={paths.home.getHref()} replace />;
  if (!user) return <Navigate to={paths.auth.login.getHref()} state={{ from: location }} replace />;
  return <Outlet />;
}
