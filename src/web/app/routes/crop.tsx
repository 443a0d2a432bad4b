import { useState } from "react";
import { Link, useParams } from "react-router";
import { nextWindows } from "#shared/calendar/frost.ts";
import type { PlaceMatch } from "#shared/schemas/crop-page.ts";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { paths } from "#web/config/paths.ts";
import { CROP_TIPS_PAGE, useCropTips } from "#web/features/calendar/api/get-crop-page.ts";
import { SowingReminderButton } from "#web/features/calendar/components/sowing-reminder-button.tsx";
import { TASK_WORDS, useReadersToday } from "#web/features/calendar/crops.ts";
import { type GardenPlace, toPlace, useGardenPlace } from "#web/features/calendar/place.ts";
import { TipCardGrid } from "#web/features/tips/components/tip-card.tsx";
import { isShippedCrop, siteCropsQueryOptions, useCrops } from "#web/lib/crops.ts";
import type { PageData } from "#web/lib/member-data.ts";

const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The server renders a crop the site added with it (a shipped one needs nothing asked). */
export const pageData: PageData = async ({ params, client, queryClient }) => {
  if (params.slug && !isShippedCrop(params.slug))
    await queryClient.prefetchQuery(siteCropsQueryOptions(client));
};

/** A crop's page: its names, its windows where the reader gardens, and how to grow it. */
export function CropRoute() {
  const { slug = "" } = useParams();
  const { bySlug, settled } = useCrops({ only: [slug] });
  const crop = bySlug(slug);
  const { place, ready, units } = useGardenPlace();
  const today = useReadersToday();
  if (!crop && !settled)
    return <span role="status" className="loading loading-spinner" aria-label="Loading the crop…" />;
  if (!crop)
    return (
      <MessagePage
        title="We do not know that crop"
        headTitle="Crop not found"
        text="The garden calendar lists the crops it knows."
        action={{ to: paths.calendar.getHref(), label: "Open the garden calendar" }}
      />
    );
  const spacing = units === "imperial" ? `${Math.round(crop.spacingCm / 2.54)} in` : `${crop.spacingCm} cm`;
  return (
    <PageFrame measure="narrow">
      <PageHead title={crop.names.en} description={`When to sow ${crop.names.en} where you garden.`} />
      <h1 className="text-3xl font-bold">{crop.names.en}</h1>
      <p className="mt-1 text-base-content/80">
        <i>{crop.botanical}</i> · {crop.names.fr} · {crop.names.es} · {crop.names.de}
      </p>
      <section aria-labelledby="when" className="mt-6 rounded-box border border-base-300 bg-base-100 p-5">
        <h2 id="when" className="text-lg font-semibold">
          When, where you garden
        </h2>
        {/* Counted from the reader's own day, so in the browser only: the server's may not be theirs. */}
        {!ready || !today ? (
          <span role="status" className="loading loading-spinner" aria-label="Loading where you garden…" />
        ) : !place ? (
          <p className="mt-2">
            <Link className="link" to={paths.calendar.getHref()}>
              Tell the calendar where you garden
            </Link>{" "}
            to see the dates for your place.
          </p>
        ) : (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            {nextWindows(crop.windows, toPlace(place), today).map(({ task, span }) => (
              <div key={task} className="contents">
                <dt className="font-medium">{TASK_WORDS[task]}</dt>
                <dd>
                  {day.format(span.from)} to {day.format(span.to)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <div className="mt-4">
        <SowingReminderButton crop={crop.slug} name={crop.names.en} />
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-base-content/70">Ready in</dt>
          <dd className="font-medium">
            {crop.daysToMaturity[0]} to {crop.daysToMaturity[1]} days
          </dd>
        </div>
        <div>
          <dt className="text-base-content/70">Spacing</dt>
          <dd className="font-medium">{spacing}</dd>
        </div>
        <div>
          <dt className="text-base-content/70">Kind</dt>
          <dd className="font-medium capitalize">{crop.kind}</dd>
        </div>
      </dl>
      <p className="mt-4">
        <strong>Where it never freezes:</strong> {crop.warmClimate}
      </p>
      <CropTips slug={crop.slug} name={crop.names.en} place={ready ? place : null} ready={ready} />
      <p className="mt-6">
        <Link className="link" to={paths.calendar.getHref()}>
          Back to the garden calendar
        </Link>
      </p>
    </PageFrame>
  );
}

/** The headings of a crop page's tips, by how close their authors garden to the reader. */
const MATCH_HEADINGS: Record<PlaceMatch, string> = {
  near: "From gardeners with frosts like yours",
  hemisphere: "From your hemisphere",
  elsewhere: "From gardeners elsewhere",
};

/** The community's public tips naming the crop, those of gardeners like the reader first, a page at a time. */
function CropTips({
  slug,
  name,
  place,
  ready,
}: {
  slug: string;
  name: string;
  place: GardenPlace | null;
  ready: boolean;
}) {
  const [page, setPage] = useState(1);
  const tips = useCropTips(slug, place, page, ready);
  const items = tips.data?.tips.items ?? [];
  const total = tips.data?.tips.total ?? 0;
  const groups = (["near", "hemisphere", "elsewhere"] as const)
    .map((match) => ({ match, tips: items.filter((item) => item.match === match).map((item) => item.tip) }))
    .filter((group) => group.tips.length > 0);
  return (
    <section aria-labelledby="crop-tips" className="mt-8">
      <h2 id="crop-tips" className="text-xl font-semibold">
        Tips about {name}
      </h2>
      {tips.isError ? (
        <p role="alert" className="mt-2 text-error">
          The tips could not be loaded. {tips.error.message}
        </p>
      ) : !tips.data ? (
        <span role="status" className="loading loading-spinner mt-3" aria-label="Loading tips…" />
      ) : total === 0 ? (
        <p className="mt-2">
          No tip names {name} yet.{" "}
          <Link className="link" to={paths.shareTip.getHref()}>
            Share yours
          </Link>
          .
        </p>
      ) : (
        <>
          {groups.map((group) => (
            <div key={group.match} className="mt-4">
              {/* Without a place, there is nothing to be near: one list, no heading. */}
              {place && (
                <h3 className="mb-3 font-medium text-base-content/80">{MATCH_HEADINGS[group.match]}</h3>
              )}
              <TipCardGrid tips={group.tips} className="" compact headingLevel={place ? undefined : "h3"} />
            </div>
          ))}
          <Pagination
            page={page}
            pageCount={Math.ceil(total / CROP_TIPS_PAGE)}
            onPageChange={setPage}
            label={`Tips about ${name}, pages`}
          />
        </>
      )}
    </section>
  );
}
