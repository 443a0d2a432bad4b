import { Outlet } from "react-router";
import { Toaster } from "sonner";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { AuthProvider, useAuth } from "#web/features/auth/auth-provider.tsx";
import { useTheme } from "#web/lib/theme.ts";

function SessionGate() {
  const { initializing } = useAuth();
  // Spec section 2: a full-screen spinner while the authentication state loads.
  if (initializing) return <FullPageLoader label="Loading…" />;
  return <Outlet />;
}

export function RootLayout() {
  const { theme } = useTheme();
  return (
    <AuthProvider>
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
    </AuthProvider>
  );
}
