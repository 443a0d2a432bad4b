import { Outlet, ScrollRestoration } from "react-router";
import { AccountHoldBanner } from "#web/features/moderation/components/account-hold-banner.tsx";
import { DecisionsBanner } from "#web/features/moderation/components/decisions-banner.tsx";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";

export function MainLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm"
      >
        Skip to content
      </a>
      <Navbar />
      <AccountHoldBanner />
      <DecisionsBanner />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
