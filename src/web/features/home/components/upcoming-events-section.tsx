import { CalendarDays, CalendarPlus, Clock, type LucideIcon, MapPin } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { FRAME } from "#web/components/ui/page-frame.tsx";
import {
  buildIcs,
  eventDateTile,
  formatEventDate,
  icsFileName,
  type UpcomingEvent,
  upcomingEvents,
} from "#web/features/home/upcoming-events.ts";
import { useHydrated } from "#web/hooks/use-hydrated.ts";

/** One line of an event's details: an icon for the eye, and its label for a screen reader instead. */
function EventFact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        <span className="sr-only">{`${label}: `}</span>
        {children}
      </span>
    </li>
  );
}

/**
 * One object URL per event's .ics file, revoked on unmount. Created in an effect, not a memo: under
 * StrictMode the effect's cleanup runs and then the effect runs again, so a memoised URL would be revoked
 * and never recreated.
 */
function useIcsUrls(files: Record<string, string>): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    const created = Object.fromEntries(
      Object.entries(files).map(([id, ics]) => [
        id,
        URL.createObjectURL(new Blob([ics], { type: "text/calendar;charset=utf-8" })),
      ]),
    );
    setUrls(created);
    return () => {
      for (const url of Object.values(created)) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

function EventCard({
  event,
  ics,
  icsUrl,
  dated,
}: {
  event: UpcomingEvent;
  /** The event's .ics file. */
  ics: string;
  icsUrl: string | undefined;
  /** False in the server's HTML: the year (and so the weekday) comes from the visitor's clock. */
  dated: boolean;
}) {
  const tile = eventDateTile(event.date);
  const headingId = `event-${event.id}-title`;
  // Until the effect has made the Blob URL (first paint), a data: URL of the same file keeps the link
  // a working link rather than an <a> without href.
  const href = dated ? (icsUrl ?? `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`) : undefined;

  return (
    <article
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="card-body gap-4">
        <div className="flex items-center gap-4">
          {/* Decorative: the full date is in the details below, where screen readers get it. */}
          <div
            aria-hidden="true"
            className="flex w-16 shrink-0 flex-col items-center rounded-box bg-primary py-2 text-primary-content"
          >
            <span className="text-xs font-semibold uppercase tracking-wide">{tile.month}</span>
            <span className="text-2xl font-bold leading-none">{tile.day}</span>
          </div>
          <h3 id={headingId} className="card-title text-lg break-words">
            {event.title}
          </h3>
        </div>

        <ul className="space-y-1.5 text-sm">
          <EventFact icon={CalendarDays} label="Date">
            {dated ? (
              <time dateTime={event.date}>{formatEventDate(event.date)}</time>
            ) : (
              <time>{`${tile.month} ${tile.day}`}</time>
            )}
          </EventFact>
          <EventFact icon={Clock} label="Time">
            {event.time}
          </EventFact>
          <EventFact icon={MapPin} label="Location">
            {event.location}
          </EventFact>
        </ul>

        <p className="text-base-content/80">{event.description}</p>

        <div className="card-actions mt-auto flex-col items-start gap-1 border-t border-base-300 pt-3">
          {/* The accessible name starts with the visible text (WCAG 2.5.3) and names the event. */}
          <a
            href={href}
            download={icsFileName(event)}
            className="btn btn-primary btn-sm"
            aria-label={`${event.linkLabel} · Add to calendar: ${event.title}`}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {`${event.linkLabel} · Add to calendar`}
          </a>
          <p className="text-xs text-base-content/80">Adds the event to your calendar (.ics file).</p>
        </div>
      </div>
    </article>
  );
}

/** The home page's events; `id="events"` is where the carousel's "Join Event" button scrolls to. */
export function UpcomingEventsSection() {
  // Dated once per mount from the visitor's clock: a stable array, so the .ics URLs are made once. The
  // server's HTML shows the day and month only (they are the same every year); the year, the weekday and
  // the calendar file follow once the page runs in the visitor's browser.
  const [events] = useState(() => upcomingEvents());
  // Each event's calendar file, written once for both its Blob URL and the data: URL before it.
  const icsFiles = useMemo(
    () => Object.fromEntries(events.map((event) => [event.id, buildIcs(event)])),
    [events],
  );
  const icsUrls = useIcsUrls(icsFiles);
  const dated = useHydrated();
  return (
    // scroll-mt keeps the heading clear of the sticky navbar when the carousel's button scrolls here.
    <section id="events" aria-labelledby="events-heading" className="scroll-mt-16">
      <div className={`${FRAME} py-16`}>
        <div className="mb-8">
          <h2 id="events-heading" className="flex items-center gap-2 text-3xl font-bold">
            <CalendarDays aria-hidden="true" className="size-7 text-primary" />
            Upcoming Events
          </h2>
          <p className="mt-1 text-base-content/80">
            Swap seeds, dig in together and learn something new with gardeners near you in June.
          </p>
        </div>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              ics={icsFiles[event.id] ?? ""}
              icsUrl={icsUrls[event.id]}
              dated={dated}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
