import { useState } from "react";
import { Link, useParams } from "react-router";
import { nextWindows } from "#shared/calendar/frost.ts";
import type { PlaceMatch } from "#shared/schemas/crop-page.ts";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { paths } from "#web/config/paths.ts";
import {
  CROP_TIPS_PAGE,
  cropTipsQueryOptions,
  useCropTips,
} from "#web/features/calendar/api/get-crop-page.ts";
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

const TELL_THE_CALENDAR = "Tell the calendar where you garden";
const FOR_YOUR_PLACE = "to see the dates for your place.";

/**
 * The server renders a crop the site added with it (a shipped one needs nothing asked), and the first page
 * of its tips as a reader with no place sees them: the page is whole at first paint and does not move when
 * the script comes; a reader whose place the browser knows then sees them ranked.
 */
export const pageData: PageData = async ({ params, client, queryClient }) => {
  const slug = params.slug;
  if (!slug) return;
  await Promise.all([
    isShippedCrop(slug) ? undefined : queryClient.prefetchQuery(siteCropsQueryOptions(client)),
    queryClient.prefetchQuery(cropTipsQueryOptions(slug, null, 1, client)),
  ]);
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
        {/* Counted from the reader's own day, so in the browser only: the server's may not be theirs. The
            spinner holds the room a visitor's sentence takes at any width, so nothing below moves when it
            comes. */}
        {!ready || !today ? (
          <p className="relative mt-2">
            <span aria-hidden="true" className="invisible">
              {TELL_THE_CALENDAR} {FOR_YOUR_PLACE}
            </span>
            <span
              role="status"
              className="loading loading-spinner absolute top-0 left-0"
              aria-label="Loading where you garden…"
            />
          </p>
        ) : !place ? (
          <p className="mt-2">
            <Link className="link" to={paths.calendar.getHref()}>
              {TELL_THE_CALENDAR}
            </Link>{" "}
            {FOR_YOUR_PLACE}
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
        <p className="mt-2 flex h-6 items-center">
          <span role="status" className="loading loading-spinner" aria-label="Loading tips…" />
        </p>
      ) : total === 0 ? (
        <p className="mt-2 min-h-6">
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
