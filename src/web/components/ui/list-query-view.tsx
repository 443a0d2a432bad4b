import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useEffect, useRef } from "react";
import type { ListResult } from "#web/lib/api-client.ts";
import { ErrorState } from "./error-state.tsx";
import { LoadingState } from "./loading-state.tsx";
import { Pagination } from "./pagination.tsx";

/** A paged list's position and how to move it (useListPage gives all of these). */
interface ListPaging {
  page: number;
  pageSize: number;
  /** Goes to another page (a new history entry). */
  setPage: (page: number) => void;
  /** Replaces the current page (no new history entry) by `page`, the last one that exists. */
  replacePage: (page: number) => void;
  /** The accessible name of the page controls ("Tip pages"). */
  label: string;
  /** Scroll back to the top on a page change (long pages of cards). */
  scrollToTop?: boolean;
}

/** What every list's states need: the query, its words for loading, failing and finding nothing, its pages. */
interface ListStatesProps<T> {
  query: UseQueryResult<ListResult<T>>;
  loadingLabel: string;
  errorTitle: string;
  empty: ReactNode;
  paging?: ListPaging;
  children: (list: ListResult<T>) => ReactNode;
}

/**
 * The scaffold of every list screen: its toolbar (search, filters, actions), then the loading, error (with
 * retry) and empty states every list has (style rule 4), or the list's count line and the screen's own
 * rendering of a non-empty page, dimmed and marked busy while the next page loads. With `paging`, the page
 * controls follow the list, and a page number past the last page goes to the last page instead of claiming
 * the list is empty.
 */
export function ListQueryView<T>({
  query,
  loadingLabel,
  errorTitle,
  empty,
  paging,
  toolbar,
  summary,
  children,
}: ListStatesProps<T> & {
  /** Above the list in every state, so a search that finds nothing can be changed. */
  toolbar?: ReactNode;
  /** The count line over the list ("12 tips"), announced politely when it changes. */
  summary?: (list: ListResult<T>) => ReactNode;
}) {
  return (
    <>
      {toolbar}
      <ListStates
        query={query}
        loadingLabel={loadingLabel}
        errorTitle={errorTitle}
        empty={empty}
        paging={paging}
      >
        {(list) =>
          summary ? (
            <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? "opacity-60" : ""}>
              {/* The count of the list drawn below (kept a moment longer than the answer, see ListStates). */}
              <p className="mb-3 text-sm text-base-content/80" aria-live="polite">
                {summary(list)}
              </p>
              {children(list)}
            </div>
          ) : (
            children(list)
          )
        }
      </ListStates>
    </>
  );
}

function ListStates<T>({ query, loadingLabel, errorTitle, empty, paging, children }: ListStatesProps<T>) {
  // Only an answer for this very page counts, not the previous page's kept on screen meanwhile.
  // A total that is a lower bound (a broad search) says nothing of where the pages end.
  const lastPage =
    paging && query.isSuccess && !query.isPlaceholderData && query.data.exact
      ? Math.max(1, Math.ceil(query.data.total / paging.pageSize))
      : null;
  const pastTheEnd = paging !== undefined && lastPage !== null && paging.page > lastPage;
  // The latest callback, so a new function on each render does not ask for the same page again.
  const replacePage = useRef(paging?.replacePage);
  replacePage.current = paging?.replacePage;
  useEffect(() => {
    if (pastTheEnd && lastPage !== null) replacePage.current?.(lastPage);
  }, [pastTheEnd, lastPage]);

  // The list is drawn in the background once it arrives (a transition React splits into short slices), so
  // a page of cards never holds the main thread and the page keeps answering input meanwhile.
  const shown = useDeferredValue(query.data);

  if (query.isPending || pastTheEnd) return <LoadingState label={loadingLabel} tall />;
  // A failed reload of a list already shown keeps it on screen (see QueryView).
  if (query.isError && query.data === undefined) {
    return (
      <ErrorState
        title={errorTitle}
        message={query.error.message}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (shown === undefined) return <LoadingState label={loadingLabel} tall />;
  // An empty previous page shown while another loads says nothing about the one asked for.
  if (shown.items.length === 0 && query.isPlaceholderData) return <LoadingState label={loadingLabel} tall />;
  if (shown.items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(shown)}
      {paging && (
        <Pagination
          page={paging.page}
          pageCount={Math.max(1, Math.ceil(shown.total / paging.pageSize))}
          pageCountExact={shown.exact}
          onPageChange={(next) => {
            paging.setPage(next);
            if (paging.scrollToTop) window.scrollTo({ top: 0 });
          }}
          label={paging.label}
        />
      )}
    </>
  );
}
