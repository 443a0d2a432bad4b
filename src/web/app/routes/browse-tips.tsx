import { Search, Sprout } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DIFFICULTIES, type Difficulty } from "#shared/constants.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { paths } from "#web/config/paths.ts";
import { useTips } from "#web/features/tips/api/get-tips.ts";
import { DifficultyBadge } from "#web/features/tips/components/difficulty-badge.tsx";
import { TipCard } from "#web/features/tips/components/tip-card.tsx";
import { TipThumbnail } from "#web/features/tips/components/tip-image.tsx";
import { useMediaQuery } from "#web/hooks/use-media-query.ts";

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

function readLevel(value: string | null): Difficulty | undefined {
  return DIFFICULTIES.find((d) => d === value);
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Browse Tips: level filter, search and page live in the URL, so they survive a reload and can be shared. */
export function BrowseTipsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const level = readLevel(searchParams.get("level"));
  const q = searchParams.get("q")?.trim() ?? "";
  const page = readPage(searchParams.get("page"));
  const [draft, setDraft] = useState(q);
  const levelId = useId();
  const searchId = useId();
  const headingId = useId();
  // Tailwind's md breakpoint: the table from there, cards on narrower screens.
  const wide = useMediaQuery("(min-width: 48rem)");

  const tips = useTips({
    availability: "Public",
    difficulty: level,
    q: q || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const total = tips.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: changes.page === undefined });
  };

  // Typing searches after a short pause; the URL (and the history) follows.
  useEffect(() => setDraft(q), [q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text should trigger a search
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(
      () => update({ q: draft.trim() || undefined, page: undefined }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <title>Browse Tips - Gardening Community</title>
      <meta
        name="description"
        content="Browse public gardening tips shared by the community, by level or by search."
      />
      <div className="mb-6 text-center">
        <h1 id={headingId} className="text-3xl font-bold md:text-4xl">
          Public Garden Tips
        </h1>
        <p className="mt-2 text-base-content/80">Practical advice from gardeners like you.</p>
      </div>

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <search className="w-full max-w-md">
          <form
            className="flex w-full flex-col gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              update({ q: draft.trim() || undefined, page: undefined });
            }}
          >
            <label htmlFor={searchId} className="text-sm font-medium">
              Search tips
            </label>
            <div className="input w-full">
              <Search aria-hidden="true" className="size-4 opacity-70" />
              <input
                id={searchId}
                type="search"
                placeholder="Title, plant, category or author"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                maxLength={100}
              />
            </div>
          </form>
        </search>
        <div className="flex flex-col gap-1">
          <label htmlFor={levelId} className="text-sm font-medium">
            Filter by Level
          </label>
          <select
            id={levelId}
            className="select w-full sm:w-48"
            value={level ?? ""}
            onChange={(event) => update({ level: event.target.value || undefined, page: undefined })}
          >
            <option value="">All</option>
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {difficulty}
              </option>
            ))}
          </select>
        </div>
      </div>

      <ListQueryView
        query={tips}
        loadingLabel="Loading tips…"
        errorTitle="We could not load the tips"
        paging={{
          page,
          pageSize: PAGE_SIZE,
          replacePage: (last) => {
            const next = new URLSearchParams(searchParams);
            if (last > 1) next.set("page", String(last));
            else next.delete("page");
            setSearchParams(next, { replace: true });
          },
        }}
        empty={
          <EmptyState
            icon={<Sprout aria-hidden="true" className="size-12 text-base-content/50" />}
            message="No public tips found."
          >
            {(q || level) && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                onClick={() => update({ q: undefined, level: undefined, page: undefined })}
              >
                Clear search and filter
              </button>
            )}
          </EmptyState>
        }
      >
        {(list) => (
          <div aria-busy={tips.isPlaceholderData} className={tips.isPlaceholderData ? "opacity-60" : ""}>
            <p className="mb-3 text-sm text-base-content/80" aria-live="polite">
              {total} {total === 1 ? "tip" : "tips"}
              {q ? ` matching “${q}”` : ""}
              {level ? ` at ${level} level` : ""}
            </p>
            {/* One layout in the DOM at a time: hidden by CSS, the other would still repeat every title. */}
            {wide ? (
              <div className="overflow-x-auto rounded-box border border-base-300">
                <table className="table" aria-labelledby={headingId}>
                  <thead className="bg-base-200 text-base-content">
                    <tr>
                      <th scope="col">Image</th>
                      <th scope="col">Title</th>
                      <th scope="col">Category</th>
                      <th scope="col">Level</th>
                      <th scope="col">Action</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.items.map((tip) => (
                      <tr key={tip._id} className="hover:bg-base-200">
                        <td>
                          <TipThumbnail tip={tip} />
                        </td>
                        <td className="font-medium break-words">{tip.title}</td>
                        <td>{tip.category}</td>
                        <td>
                          <DifficultyBadge difficulty={tip.difficulty} />
                        </td>
                        <td>
                          <Link
                            to={paths.tip.getHref(tip._id)}
                            className="btn btn-primary btn-sm"
                            aria-label={`See More: ${tip.title}`}
                          >
                            See More
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {list.items.map((tip) => (
                  <TipCard key={tip._id} tip={tip} />
                ))}
              </div>
            )}
            <Pagination
              page={page}
              pageCount={pageCount}
              onPageChange={(next) => {
                update({ page: next > 1 ? String(next) : undefined });
                window.scrollTo({ top: 0 });
              }}
              label="Tip pages"
            />
          </div>
        )}
      </ListQueryView>
    </section>
  );
}
