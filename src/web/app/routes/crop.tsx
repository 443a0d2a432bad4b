import { Link, useParams } from "react-router";
import { todayIn } from "#shared/calendar/frost.ts";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { paths } from "#web/config/paths.ts";
import { cropBySlug, nextWindows, TASK_WORDS } from "#web/features/calendar/crops.ts";
import { toPlace, useGardenPlace } from "#web/features/calendar/place.ts";
import { browserTimeZone } from "#web/lib/settings.ts";

const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A crop's page: its names, its windows where the reader gardens, and how to grow it. */
export function CropRoute() {
  const { slug = "" } = useParams();
  const crop = cropBySlug(slug);
  const { place, ready, units } = useGardenPlace();
  if (!crop)
    return (
      <MessagePage
        title="We do not know that crop"
        headTitle="Crop not found"
        text="The garden calendar lists the crops it knows."
        action={{ to: paths.calendar.getHref(), label: "Open the garden calendar" }}
      />
    );
  const today = todayIn(new Date(), browserTimeZone());
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
        {!ready ? (
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
            {nextWindows(crop, toPlace(place), today).map(({ task, span }) => (
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
      <p className="mt-6">
        <Link className="link" to={paths.calendar.getHref()}>
          Back to the garden calendar
        </Link>
      </p>
    </PageFrame>
  );
}
