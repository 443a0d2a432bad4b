import { Outlet } from "react-router";
import { Toaster } from "sonner";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { useUser } from "#web/lib/auth.ts";
import { useTheme } from "#web/lib/theme.ts";

function SessionGate() {
  const { isPending } = useUser();
  // Spec section 2: a full-screen spinner while the authentication state loads.
  if (isPending) return <FullPageLoader label="Loading…" />;
  return <Outlet />;
}

export function RootLayout() {
  const { theme } = useTheme();
  return (
    <>
      <SessionGate />
      {/* Top-right (spec section 9), below the navbar so a toast never covers its buttons. */}
      <Toaster
        position="top-right"
        offset={{ top: 76, right: 16 }}
        mobileOffset={{ top: 72 }}
        duration={5000}
        theme={theme}
        richColors
        closeButton
      />
    </>
  );
}
