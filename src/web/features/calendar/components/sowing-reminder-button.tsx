import { BellRing } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { Task } from "#shared/calendar/frost.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { useUser } from "#web/lib/auth.ts";
import { useCrops } from "#web/lib/crops.ts";
import { useChangeSowingReminder, useSowingReminder } from "../api/sowing-reminder.ts";

const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** What the day of a reminder asks, in a few words. */
const TASK_SHORT: Record<Task, (name: string) => string> = {
  sowIndoors: (name) => `to sow ${name} indoors`,
  plantOut: (name) => `to plant ${name} out`,
  sowDirect: (name) => `to sow ${name} outdoors`,
  sowAutumn: (name) => `to sow ${name} for autumn and winter`,
};

/**
 * "Remind me when it's time to sow" for one crop, on its page or on a tip naming it (`tipId`): the day it
 * comes back once set, and a way to remove it. A visitor is asked to sign in first; a member whose
 * settings do not say where they garden is sent to the calendar.
 */
export function SowingReminderButton({ crop, name, tipId }: { crop: string; name: string; tipId?: string }) {
  const { user } = useUser();
  const location = useLocation();
  const reminder = useSowingReminder(crop, Boolean(user));
  const change = useChangeSowingReminder(crop);
  const label = tipId ? `Remind me when it's time to sow ${name}` : "Remind me when it's time to sow";
  if (!user)
    return (
      // Back to this page once signed in.
      <Link to={paths.auth.login.getHref()} state={{ from: location }} className="btn btn-outline btn-sm">
        <BellRing aria-hidden="true" className="size-4" />
        Sign in to be reminded when to sow {name}
      </Link>
    );
  const set = reminder.data?.reminder;
  const waiting = set && !set.remindedAt ? set : null;
  return (
    <div className="flex flex-col gap-1">
      <HydrationGate>
        {waiting ? (
          <div className="flex flex-wrap items-center gap-2">
            <p role="status" className="flex items-center gap-2 text-sm">
              <BellRing aria-hidden="true" className="size-4 text-primary" />
              We will remind you on {day.format(new Date(`${waiting.opensOn}T00:00:00Z`))},{" "}
              {TASK_SHORT[waiting.task](name)}.
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={change.isPending}
              onClick={() => change.mutate(null)}
            >
              Remove the reminder<span className="sr-only"> for {name}</span>
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            disabled={change.isPending || reminder.isPending}
            onClick={() => change.mutate(tipId ? { tipId } : {})}
          >
            <BellRing aria-hidden="true" className="size-4" />
            {label}
          </button>
        )}
      </HydrationGate>
      {change.isError && (
        <p role="alert" className="text-sm text-error">
          {errorMessage(change.error)}{" "}
          {change.error && "status" in change.error && change.error.status === 409 && (
            <Link className="link" to={paths.calendar.getHref()}>
              Open the garden calendar
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

/** Under a tip naming crops: a reminder for each, leading back to the tip. */
export function TipSowingReminders({ crops, tipId }: { crops: readonly string[]; tipId: string }) {
  const { bySlug } = useCrops({ only: crops });
  return (
    <section aria-label="When to sow" className="mx-auto flex max-w-4xl flex-col gap-2 px-4">
      {crops.map((crop) => (
        <SowingReminderButton key={crop} crop={crop} name={bySlug(crop)?.names.en ?? crop} tipId={tipId} />
      ))}
    </section>
  );
}
