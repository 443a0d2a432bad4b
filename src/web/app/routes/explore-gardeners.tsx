import { Users } from "lucide-react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE } from "#shared/constants.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { useGardeners } from "#web/features/gardeners/api/get-gardeners.ts";
import { GardenerCard } from "#web/features/gardeners/components/gardener-card.tsx";

const PAGE_SIZE = DEFAULT_PAGE_SIZE;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function ExploreGardenersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get("page"));
  const gardeners = useGardeners({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const total = gardeners.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const goToPage = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <title>Explore Gardeners - Gardening Community</title>
      <meta
        name="description"
        content="Meet the gardeners of our community: their gardens, experience and shared tips."
      />
      <div className="mb-8 text-center">
        <h1 className="text-3xl font-bold md:text-4xl">Explore Gardeners</h1>
        <p className="mt-2 text-base-content/80">
          Meet the people growing, sharing and learning in our community.
        </p>
      </div>

      <ListQueryView
        query={gardeners}
        loadingLabel="Loading gardeners…"
        errorTitle="We could not load the gardeners"
        paging={{
          page,
          pageSize: PAGE_SIZE,
          replacePage: (last) => setSearchParams(last > 1 ? { page: String(last) } : {}, { replace: true }),
        }}
        empty={
          <EmptyState
            icon={<Users aria-hidden="true" className="size-12 text-base-content/50" />}
            message="No gardeners found."
          />
        }
      >
        {(list) => (
          <>
            <p className="mb-4 text-sm text-base-content/80" aria-live="polite">
              {total} {total === 1 ? "gardener" : "gardeners"}
            </p>
            <div
              className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${gardeners.isPlaceholderData ? "opacity-60" : ""}`}
              aria-busy={gardeners.isPlaceholderData}
            >
              {list.items.map((gardener, index) => (
                <GardenerCard key={gardener.id} gardener={gardener} lazy={index >= 6} />
              ))}
            </div>
            <Pagination page={page} pageCount={pageCount} onPageChange={goToPage} label="Gardener pages" />
          </>
        )}
      </ListQueryView>
    </section>
  );
}
