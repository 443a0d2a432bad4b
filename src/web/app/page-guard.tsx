import { Outlet, useMatches } from "react-router";
import type { PageRules } from "#web/config/paths.ts";
import { RequireAuth } from "#web/features/auth/components/require-auth.tsx";
import { SignedOutOnly } from "#web/features/auth/components/signed-out-only.tsx";
import { TeamOnly } from "#web/features/auth/components/team-only.tsx";

/**
 * Lets the reader into the open page by its access (config/paths.ts, carried in its route's `handle`): one
 * guard for every page, so a page's rules are said where the page is declared and nowhere else.
 */
export function PageGuard() {
  const page = useMatches().at(-1);
  const rules = page?.handle as PageRules | undefined;
  switch (rules?.access) {
    case "member":
      return (
        <RequireAuth>
          <Outlet />
        </RequireAuth>
      );
    case "team":
      return (
        <RequireAuth>
          <TeamOnly page={rules.name}>
            <Outlet />
          </TeamOnly>
        </RequireAuth>
      );
    case "signed-out":
      // One for each page: each asks afresh whether its reader arrived signed in.
      return (
        <SignedOutOnly key={page?.id}>
          <Outlet />
        </SignedOutOnly>
      );
    default:
      return <Outlet />;
  }
}
