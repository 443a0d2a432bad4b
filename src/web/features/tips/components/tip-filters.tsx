import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  DIFFICULTIES,
  type Difficulty,
  TIP_SEARCH_MAX_LENGTH,
  TIP_SORTS,
  type TipSort,
} from "#shared/constants.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import type { ListPage } from "#web/hooks/use-list-page.ts";

const SEARCH_DEBOUNCE_MS = 300;

/** The specification's sort options, in its words. */
const SORT_LABELS: Record<TipSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  likes: "Most liked",
  title: "Alphabetical",
};

/**
 * The search box, level filter and sort order of a tip list, bound to the URL (useListPage). Typing
 * searches after a short pause; Enter searches at once.
 */
export function TipFilters({
  list,
  searchLabel = "Search tips",
  searchPlaceholder = "Title, plant, category or author",
  level = true,
  sort = false,
  following = false,
}: {
  list: ListPage;
  searchLabel?: string;
  searchPlaceholder?: string;
  level?: boolean;
  sort?: boolean;
  /** Offer "Only gardeners I follow" (to a signed-in member). */
  following?: boolean;
}) {
  const searchId = useId();
  const levelId = useId();
  const sortId = useId();
  const [draft, setDraft] = useState(list.q);
  const { q, setQuery } = list;

  // The URL is the truth: Back, a link or "clear" put its search in the box.
  useEffect(() => setDraft(q), [q]);
  // The box shows its tick at once: the address, which the list follows, changes a moment later (the
  // router's navigation), and a controlled box would meanwhile spring back.
  const [onlyFollowed, setOnlyFollowed] = useState(list.following);
  useEffect(() => setOnlyFollowed(list.following), [list.following]);
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(() => setQuery(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, setQuery]);

  return (
    <HydrationGate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <search className="w-full max-w-md">
          <form
            className="flex w-full flex-col gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              setQuery(draft);
            }}
          >
            <label htmlFor={searchId} className="text-sm font-medium">
              {searchLabel}
            </label>
            <div className="input w-full">
              <Search aria-hidden="true" className="size-4 opacity-70" />
              <input
                id={searchId}
                type="search"
                placeholder={searchPlaceholder}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                maxLength={TIP_SEARCH_MAX_LENGTH}
                // daisyUI gives the not-allowed cursor to a field disabled by its own attribute only, not to
                // one disabled by the gate's fieldset: the same cursor as before the gate.
                className="disabled:cursor-not-allowed"
              />
            </div>
          </form>
        </search>
        <div className="flex flex-wrap items-end gap-3">
          {following && (
            <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm"
                checked={onlyFollowed}
                onChange={(event) => {
                  setOnlyFollowed(event.target.checked);
                  list.setFollowing(event.target.checked);
                }}
              />
              Only gardeners I follow
            </label>
          )}
          {level && (
            <div className="flex flex-col gap-1">
              <label htmlFor={levelId} className="text-sm font-medium">
                Filter by Level
              </label>
              <select
                id={levelId}
                className="select w-full sm:w-44"
                value={list.level ?? ""}
                onChange={(event) =>
                  list.setLevel(DIFFICULTIES.find((d): d is Difficulty => d === event.target.value))
                }
              >
                <option value="">All</option>
                {DIFFICULTIES.map((difficulty) => (
                  <option key={difficulty} value={difficulty}>
                    {difficulty}
                  </option>
                ))}
              </select>
            </div>
          )}
          {sort && (
            <div className="flex flex-col gap-1">
              <label htmlFor={sortId} className="text-sm font-medium">
                Sort by
              </label>
              <select
                id={sortId}
                className="select w-full sm:w-44"
                value={list.sort}
                onChange={(event) => {
                  const next = TIP_SORTS.find((s) => s === event.target.value);
                  if (next) list.setSort(next);
                }}
              >
                {TIP_SORTS.map((option) => (
                  <option key={option} value={option}>
                    {SORT_LABELS[option]}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      </div>
    </HydrationGate>
  );
}
