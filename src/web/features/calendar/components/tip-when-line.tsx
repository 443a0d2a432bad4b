import { CalendarClock } from "lucide-react";
import { readWhen, type TipWhen } from "#shared/calendar/tip-when.ts";
import { toPlace, useGardenPlace } from "../place.ts";

/**
 * When a tip's advice is for, in the reader's own terms: counted from their frost dates, or shifted six
 * months when the author gardens in the other hemisphere, with a note saying so. A reader who has not
 * said where they garden reads it as the author wrote it.
 */
export function TipWhenLine({ when }: { when: TipWhen }) {
  const { place } = useGardenPlace();
  const read = readWhen(when, place ? toPlace(place) : null);
  return (
    <div className="flex items-start gap-2 rounded-box border border-base-300 px-4 py-3 text-sm">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p>
        <span className="font-semibold">When: </span>
        {read.text}
        {read.note && <span className="mt-1 block text-base-content/70">{read.note}</span>}
      </p>
    </div>
  );
}
