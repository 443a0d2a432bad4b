import { CROP_FILE } from "#shared/calendar/crop-list.ts";
import type { Crop } from "#shared/calendar/crops.ts";
import { type DaySpan, type Place, type Task, tasksIn } from "#shared/calendar/frost.ts";

/**
 * The crop list, in the page's own code (ADR 090): the calendar computes every date in the browser, so
 * it keeps working without a connection once loaded. The server checks the same file when it starts.
 */
const CROPS: readonly Crop[] = CROP_FILE.crops;

export const cropBySlug = (slug: string) => CROPS.find((crop) => crop.slug === slug);

/** What each window asks of the gardener, as the calendar says it. */
export const TASK_WORDS: Record<Task, string> = {
  sowIndoors: "Sow indoors",
  plantOut: "Plant out",
  sowDirect: "Sow outdoors",
  sowAutumn: "Sow for autumn and winter",
};

/** The crops with a window open in `range`, by task, each with the day its window closes. */
export function dueIn(
  place: Place,
  range: DaySpan,
): Array<{ task: Task; crops: Array<{ crop: Crop; until: Date }> }> {
  const byTask = new Map<Task, Array<{ crop: Crop; until: Date }>>();
  for (const crop of CROPS)
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
