import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { NotFoundRoute } from "./not-found.tsx";

/** Routing errors show the 404 page; anything else a message and a way to try again. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main" className="min-h-screen bg-base-100">
        <NotFoundRoute />
      </main>
    );
  }
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-base-100 p-4">
      <title>Something went wrong - Gardening Community</title>
      <meta
        name="description"
        content="This Gardening Community page failed to load. Reloading usually fixes it."
      />
      <ErrorState
        title="Something went wrong"
        message="This page failed to load. Reloading usually fixes it."
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
