import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ListResult } from "#web/lib/api-client.ts";
import { ErrorState } from "./error-state.tsx";
import { LoadingState } from "./loading-state.tsx";

/**
 * The loading, error (with retry) and empty states every list page has (style rule 4), around the
 * page's own rendering of a non-empty list.
 */
export function ListQueryView<T>({
  query,
  loadingLabel,
  errorTitle,
  empty,
  children,
}: {
  query: UseQueryResult<ListResult<T>>;
  loadingLabel: string;
  errorTitle: string;
  empty: ReactNode;
  children: (list: ListResult<T>) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={query.error.message}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.items.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
