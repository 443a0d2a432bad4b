import { CalendarDays, Sprout } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type DaySpan, monthOf, weekOf } from "#shared/calendar/frost.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { paths } from "#web/config/paths.ts";
import { useCrops } from "#web/lib/crops.ts";
import { dueIn, TASK_WORDS, useReadersToday } from "../crops.ts";
import { type GardenPlace, toPlace, useGardenPlace } from "../place.ts";
import { PlaceForm } from "./place-form.tsx";

const dayWords = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const monthWords = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "Northern hemisphere, last frost 20 Apr, first frost 20 Oct": a place in words. */
function placeInWords(place: GardenPlace): string {
  const side =
    place.latitude === null
      ? place.hemisphere === "north"
        ? "Northern hemisphere"
        : "Southern hemisphere"
      : `Latitude ${Math.abs(place.latitude)}° ${place.latitude >= 0 ? "N" : "S"}`;
  if (place.frostFree) return `${side}, no frost`;
  const day = (md: string) => shortDay.format(new Date(`2028-${md}T00:00:00Z`));
  return `${side}, last frost ${day(place.lastFrost)}, first frost ${day(place.firstFrost)}`;
}

/**
 * The garden calendar: what to sow and plant this week and this month where the reader gardens, every
 * date computed here from the crop list (it works offline once loaded).
 */
export function GardenCalendar() {
  const { place, ready, save, member } = useGardenPlace();
  const [changing, setChanging] = useState(false);
  const today = useReadersToday();
  if (!ready)
    return <span role="status" className="loading loading-spinner" aria-label="Loading where you garden…" />;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="where" className="rounded-box border border-base-300 bg-base-100 p-5">
        <h2 id="where" className="text-lg font-semibold">
          Where you garden
        </h2>
        {place && !changing ? (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p>{placeInWords(place)}</p>
            <HydrationGate>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setChanging(true)}>
                Change
              </button>
            </HydrationGate>
          </div>
        ) : (
          <div className="mt-3">
            {!place && (
              <p className="mb-3 text-base-content/80">
                Tell us your hemisphere and your frost dates: every date below is counted from them.
              </p>
            )}
            <PlaceForm place={place} member={member} onSave={save} onDone={() => setChanging(false)} />
          </div>
        )}
      </section>
      {/* Counted from the reader's own day, so in the browser only: the server's may not be theirs. */}
      {place && today && (
        <>
          <DueList
            title={`Sow this week, ${dayWords.format(weekOf(today).from)} to ${dayWords.format(weekOf(today).to)}`}
            range={weekOf(today)}
            place={place}
            icon={<Sprout aria-hidden="true" className="size-5" />}
          />
          <DueList
            title={`This month, ${monthWords.format(today)}`}
            range={monthOf(today)}
            place={place}
            icon={<CalendarDays aria-hidden="true" className="size-5" />}
          />
        </>
      )}
    </div>
  );
}

function DueList({
  title,
  range,
  place,
  icon,
}: {
  title: string;
  range: DaySpan;
  place: GardenPlace;
  icon: React.ReactNode;
}) {
  const { crops } = useCrops();
  const groups = dueIn(crops, toPlace(place), range);
  return (
    <section aria-label={title}>
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h2>
      {groups.length === 0 ? (
        <p className="mt-2 text-base-content/80">Nothing to sow or plant: a time to plan, weed and mulch.</p>
      ) : (
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {groups.map(({ task, crops }) => (
            <div key={task} className="rounded-box border border-base-300 bg-base-100 p-4">
              <h3 className="font-semibold">{TASK_WORDS[task]}</h3>
              <ul className="mt-2 flex flex-col gap-1">
                {crops.map(({ crop, until }) => (
                  <li key={crop.slug} className="flex flex-wrap justify-between gap-x-3">
                    <Link className="link link-hover" to={paths.crop.getHref(crop.slug)}>
                      {crop.names.en}
                    </Link>
                    <span className="text-sm text-base-content/70">until {shortDay.format(until)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
