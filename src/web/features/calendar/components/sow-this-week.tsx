import { Sprout } from "lucide-react";
import { Link } from "react-router";
import { weekOf } from "#shared/calendar/frost.ts";
import { paths } from "#web/config/paths.ts";
import { useCrops } from "#web/lib/crops.ts";
import { dueIn, TASK_WORDS, useReadersToday } from "../crops.ts";
import { type GardenPlace, toPlace } from "../place.ts";

/**
 * "Sow this week" for the home page and the dashboard: this week's sowing and planting where the member
 * gardens, each crop linking to its page. Loaded only once a place is known (it carries the crop list).
 */
export default function SowThisWeek({ place }: { place: GardenPlace }) {
  const today = useReadersToday();
  const { crops } = useCrops();
  if (!today) return null;
  const groups = dueIn(crops, toPlace(place), weekOf(today));
  return (
    <section aria-labelledby="sow-this-week" className="rounded-box border border-base-300 bg-base-100 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sow-this-week" className="flex items-center gap-2 text-xl font-semibold">
          <Sprout aria-hidden="true" className="size-5 text-primary" />
          Sow this week
        </h2>
        <Link className="link text-sm" to={paths.calendar.getHref()}>
          Your garden calendar
        </Link>
      </div>
      {groups.length === 0 ? (
        <p className="mt-2 text-base-content/80">
          Nothing to sow or plant this week: a time to plan, weed and mulch.
        </p>
      ) : (
        <dl className="mt-3 flex flex-col gap-2">
          {groups.map(({ task, crops }) => (
            <div key={task} className="flex flex-wrap gap-x-2">
              <dt className="font-medium">{TASK_WORDS[task]}:</dt>
              <dd>
                <ul className="inline">
                  {crops.map(({ crop }, index) => (
                    <li key={crop.slug} className="inline">
                      <Link className="link link-hover" to={paths.crop.getHref(crop.slug)}>
                        {crop.names.en}
                      </Link>
                      {index < crops.length - 1 ? ", " : ""}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
