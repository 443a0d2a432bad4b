import { Search } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import {
  DIFFICULTIES,
  type Difficulty,
  TIP_SEARCH_MAX_LENGTH,
  TIP_SORTS,
  type TipSort,
} from "#shared/constants.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import type { ListPage } from "#web/hooks/use-list-page.ts";
import { useCrops } from "#web/lib/crops.ts";

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
  searchPlaceholder = "Title, plant, crop, category or author",
  level = true,
  sort = false,
  following = false,
  crop = false,
}: {
  list: ListPage;
  searchLabel?: string;
  searchPlaceholder?: string;
  level?: boolean;
  sort?: boolean;
  /** Offer "Only gardeners I follow" (to a signed-in member). */
  following?: boolean;
  /** Offer the garden calendar's crops (Browse Tips). */
  crop?: boolean;
}) {
  const searchId = useId();
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
          {crop && <CropFilter value={list.crop} onChange={list.setCrop} />}
          {level && (
            <ListSelect
              label="Filter by Level"
              value={list.level ?? ""}
              onChange={(value) => list.setLevel(DIFFICULTIES.find((d): d is Difficulty => d === value))}
              options={[
                { value: "", label: "All" },
                ...DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: difficulty })),
              ]}
            />
          )}
          {sort && (
            <ListSelect
              label="Sort by"
              value={list.sort}
              onChange={(value) => {
                const next = TIP_SORTS.find((one) => one === value);
                if (next) list.setSort(next);
              }}
              options={TIP_SORTS.map((option) => ({ value: option, label: SORT_LABELS[option] }))}
            />
          )}
        </div>
      </div>
    </HydrationGate>
  );
}

/** One labelled choice of a list's toolbar (its filters and its order). */
function ListSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select
        className="select w-full sm:w-44"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The calendar's crops in alphabetical order, the site's own among them. */
function CropFilter({ value, onChange }: { value?: string; onChange: (crop: string | undefined) => void }) {
  const { crops } = useCrops();
  const options = useMemo(
    () => [
      { value: "", label: "All" },
      ...[...crops]
        .sort((a, b) => a.names.en.localeCompare(b.names.en))
        .map((one) => ({ value: one.slug, label: one.names.en })),
    ],
    [crops],
  );
  return (
    <ListSelect
      label="Filter by Crop"
      value={value ?? ""}
      onChange={(chosen) => onChange(chosen || undefined)}
      options={options}
    />
  );
}
