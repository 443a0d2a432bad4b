import { Outlet } from "react-router";
import { FullPageLoader } from "#web/components/ui/loading-state.tsx";
import { useSignedOutNotice, useUser } from "#web/lib/auth.ts";
import { ToastHost } from "#web/lib/toast.tsx";

function SessionGate() {
  const { isPending } = useUser();
  // A full-screen spinner while the authentication state loads.
  if (isPending) return <FullPageLoader label="Loading…" />;
  return <Outlet />;
}

export function RootLayout() {
  const { user } = useUser();
  useSignedOutNotice();
  return (
    <>
      <SessionGate />
      <ToastHost eager={user !== null} />
    </>
  );
}
