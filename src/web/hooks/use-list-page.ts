import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { DIFFICULTIES, type Difficulty, TIP_SORTS, type TipSort } from "#shared/constants.ts";

export interface ListPageState {
  /** 1-based page number from ?page= (anything else reads as 1). */
  page: number;
  /** The search text from ?q=, trimmed ("" when none). */
  q: string;
  /** The difficulty filter from ?level=, when it names one. */
  level: Difficulty | undefined;
  /** The sort order from ?sort=, else `defaultSort`. */
  sort: TipSort;
  /** Only the tips of gardeners the member follows, from ?following=1 (Browse Tips). */
  following: boolean;
  /** Only the tips naming this crop of the garden calendar, from ?crop= (Browse Tips). */
  crop: string | undefined;
}

type Change = Partial<ListPageState>;

/** The shape of a crop's slug; whether the calendar knows it is the API's to say. */
const CROP_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** A list page's position as its URL's query says it (the server reads it so too, to render the list). */
export function readListPage(searchParams: URLSearchParams, defaultSort: TipSort = "newest"): ListPageState {
  return {
    page: readPage(searchParams.get("page")),
    q: searchParams.get("q")?.trim() ?? "",
    level: DIFFICULTIES.find((d) => d === searchParams.get("level")),
    sort: TIP_SORTS.find((s) => s === searchParams.get("sort")) ?? defaultSort,
    following: searchParams.get("following") === "1",
    crop: CROP_SLUG.test(searchParams.get("crop") ?? "")
      ? (searchParams.get("crop") ?? undefined)
      : undefined,
  };
}

/** The rows a 1-based `page` of `pageSize` rows asks the API for: the `limit` and `offset` of every list. */
export const pageWindow = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * A list page's position (page, search, level, sort, following, crop) kept in the URL, so a reload, Back and a shared link
 * all restore it. Every change but `replacePage` adds a history entry; changing what is listed goes back
 * to page 1. Values equal to their defaults are left out of the URL.
 */
export function useListPage({ defaultSort = "newest" }: { defaultSort?: TipSort } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readListPage(searchParams, defaultSort), [searchParams, defaultSort]);

  // The router hands a change the URL of the last drawing, so a second change made before the page draws
  // again (a search whose pause ends just after the order changed) would write the old order back. Each
  // change remembers what it wrote and the URL it was given; the next one builds on that while it is given
  // the same URL (the same object: the router keeps it until the URL's query changes).
  const lastWrite = useRef<{ from: URLSearchParams; wrote: URLSearchParams } | null>(null);

  const write = useCallback(
    (change: Change, { replace = false } = {}) =>
      setSearchParams(
        (current) => {
          const base = lastWrite.current?.from === searchParams ? lastWrite.current.wrote : current;
          const next = new URLSearchParams(base);
          const put = (key: string, value: string | undefined) =>
            value ? next.set(key, value) : next.delete(key);
          if ("q" in change) put("q", change.q?.trim());
          if ("level" in change) put("level", change.level);
          if ("sort" in change) put("sort", change.sort === defaultSort ? undefined : change.sort);
          if ("following" in change) put("following", change.following ? "1" : undefined);
          if ("crop" in change) put("crop", change.crop);
          // A new search, filter or order starts again at page 1.
          const page = "page" in change ? change.page : 1;
          put("page", page && page > 1 ? String(page) : undefined);
          lastWrite.current = { from: searchParams, wrote: next };
          return next;
        },
        { replace },
      ),
    [searchParams, setSearchParams, defaultSort],
  );

  const actions = useMemo(
    () => ({
      setPage: (page: number) => write({ page }),
      /** Goes to `page` without a new history entry (a page past the end goes to the last one). */
      replacePage: (page: number) => write({ page }, { replace: true }),
      setQuery: (q: string) => write({ q }),
      setLevel: (level: Difficulty | undefined) => write({ level }),
      setSort: (sort: TipSort) => write({ sort }),
      setFollowing: (following: boolean) => write({ following }),
      setCrop: (crop: string | undefined) => write({ crop }),
      clearFilters: () => write({ q: "", level: undefined, following: false, crop: undefined }),
    }),
    [write],
  );

  return {
    ...state,
    ...actions,
    /** The list's paging for <ListQueryView paging>: this page, its size, and the moves. */
    paging: (options: { pageSize: number; label: string; scrollToTop?: boolean }) => ({
      page: state.page,
      setPage: actions.setPage,
      replacePage: actions.replacePage,
      ...options,
    }),
    /** True when a search or filter narrows the list. */
    filtered: state.q !== "" || state.level !== undefined || state.following || state.crop !== undefined,
  };
}

export type ListPage = ReturnType<typeof useListPage>;
