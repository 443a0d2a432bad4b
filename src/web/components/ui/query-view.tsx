import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiClientError } from "#web/lib/api-client.ts";
import { ErrorState } from "./error-state.tsx";
import { LoadingState } from "./loading-state.tsx";

/**
 * The loading, not-found and error (with retry) states of a page that shows one thing (style rule 4),
 * around the page's own rendering of it. `head` (the page's <PageHead>) is rendered while loading and on
 * error, so the tab never shows a stale title.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  errorTitle,
  notFound,
  head,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  /** Shown for a 404 answer instead of the error state. */
  notFound?: ReactNode;
  head?: ReactNode;
  /** Shown while loading instead of the spinner: a placeholder the size of what comes, so nothing moves. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <>
        {head}
        {loading ?? <LoadingState label={loadingLabel} />}
      </>
    );
  if (notFound && query.isError && query.error instanceof ApiClientError && query.error.status === 404)
    return notFound;
  // A reload that failed (the connection dropped after the page was shown) keeps what was shown: the member
  // loses nothing they were reading, and whatever asked for the reload says what went wrong.
  if (query.data !== undefined) return <>{children(query.data)}</>;
  return (
    <>
      {head}
      <ErrorState
        title={errorTitle}
        message={query.error?.message ?? ""}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    </>
  );
}
