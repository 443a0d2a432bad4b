import { UserX } from "lucide-react";
import { useParams } from "react-router";
import type { GardenerPage } from "#shared/schemas/gardener.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ListQueryView } from "#web/components/ui/list-query-view.tsx";
import {
  gardenerQueryOptions,
  gardenerTipsQueryOptions,
  useGardenerTips,
} from "#web/features/gardeners/api/get-gardener.ts";
import { GardenerProfile } from "#web/features/gardeners/components/gardener-profile.tsx";
import { TipCardGrid } from "#web/features/tips/components/tip-card.tsx";
import { pageWindow, useListPage } from "#web/hooks/use-list-page.ts";
import { countLabel } from "#web/lib/format.ts";
import type { PageData } from "#web/lib/member-data.ts";

/** Tips on a gardener's page: three rows of the grid on a desktop. */
const TIPS_PAGE_SIZE = 9;

export function GardenerRoute() {
  const { handle = "" } = useParams();
  return <GardenerProfile handle={handle} below={(page) => <GardenerTips page={page} />} />;
}

/**
 * Rendered by the server with the gardener and the page of their tips the address names, so the first
 * paint (and a search engine) has them.
 */
export const pageData: PageData = async ({ params, list, client, queryClient }) => {
  const handle = params.handle ?? "";
  await Promise.all([
    queryClient.prefetchQuery(gardenerQueryOptions(handle, client)),
    queryClient.prefetchQuery(
      gardenerTipsQueryOptions(handle, pageWindow(list.page, TIPS_PAGE_SIZE), client),
    ),
  ]);
};

/** Their public tips, newest first, a page at a time; the page number is kept in the address. */
function GardenerTips({ page }: { page: GardenerPage }) {
  const list = useListPage();
  const tips = useGardenerTips(page.handle, pageWindow(list.page, TIPS_PAGE_SIZE));
  return (
    <section aria-labelledby="gardener-tips" className="mt-10">
      <h2 id="gardener-tips" className="mb-4 text-2xl font-bold">
        Tips by {page.name}
      </h2>
      <ListQueryView
        query={tips}
        loadingLabel="Loading tips…"
        errorTitle="We could not load the tips"
        paging={list.paging({ pageSize: TIPS_PAGE_SIZE, label: "Tip pages" })}
        empty={
          <EmptyState
            icon={<UserX aria-hidden="true" className="size-12 text-base-content/50" />}
            message={`${page.name} has not shared a public tip yet.`}
          />
        }
        summary={(result) => countLabel(result.total, { one: "tip", many: "tips" })}
      >
        {/* On a phone the short profile leaves the first tip's picture the largest thing on screen. */}
        {(result) => <TipCardGrid tips={result.items} firstIsProminent />}
      </ListQueryView>
    </section>
  );
}
