import type { Crop } from "#shared/calendar/crops.ts";
import { type DaySpan, type Place, type Task, tasksIn, todayIn } from "#shared/calendar/frost.ts";
import { useHydrated } from "#web/hooks/use-hydrated.ts";
import { browserTimeZone } from "#web/lib/settings.ts";

/**
 * The reader's day (midnight UTC of their date where they are), which every window is counted from; null
 * while a page the server rendered is being taken over, as the server's clock and zone are not theirs.
 */
export function useReadersToday(): Date | null {
  const hydrated = useHydrated();
  return hydrated ? todayIn(new Date(), browserTimeZone()) : null;
}

/** What each window asks of the gardener, as the calendar says it. */
export const TASK_WORDS: Record<Task, string> = {
  sowIndoors: "Sow indoors",
  plantOut: "Plant out",
  sowDirect: "Sow outdoors",
  sowAutumn: "Sow for autumn and winter",
};

/** The crops with a window open in `range`, by task, each with the day its window closes. */
export function dueIn(
  crops: readonly Crop[],
  place: Place,
  range: DaySpan,
): Array<{ task: Task; crops: Array<{ crop: Crop; until: Date }> }> {
  const byTask = new Map<Task, Array<{ crop: Crop; until: Date }>>();
  for (const crop of crops)
    for (const { task, span } of tasksIn(crop.windows, place, range)) {
      const list = byTask.get(task) ?? [];
      list.push({ crop, until: span.to });
      byTask.set(task, list);
    }
  return (["sowIndoors", "sowDirect", "plantOut", "sowAutumn"] as const)
    .filter((task) => byTask.has(task))
    .map((task) => ({
      task,
      crops: (byTask.get(task) ?? []).sort((a, b) => a.crop.names.en.localeCompare(b.crop.names.en)),
    }));
}
