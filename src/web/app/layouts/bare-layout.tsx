import { Outlet, ScrollRestoration } from "react-router";

/** Only the content area: used by the sign-in, sign-up and password pages. */
export function BareLayout() {
  return (
    <main id="main" className="min-h-screen bg-base-200 text-base-content">
      <Outlet />
      <ScrollRestoration />
    </main>
  );
}
