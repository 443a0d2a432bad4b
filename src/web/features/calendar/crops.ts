import { CROP_FILE } from "#shared/calendar/crop-list.ts";
import type { Crop } from "#shared/calendar/crops.ts";
import {
  type DaySpan,
  frostsOf,
  frostYearStart,
  type Place,
  spanOf,
  TASKS,
  type Task,
  tasksIn,
} from "#shared/calendar/frost.ts";

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

/** Each window of `crop` at `place`: the one open now, or else the next to open, after `today`. */
export function nextWindows(crop: Crop, place: Place, today: Date): Array<{ task: Task; span: DaySpan }> {
  const start = frostYearStart(today, place.hemisphere);
  const years = [0, 1, 2].map((n) =>
    frostsOf(new Date(Date.UTC(start.getUTCFullYear() + n, start.getUTCMonth(), 24)), place),
  );
  const found: Array<{ task: Task; span: DaySpan }> = [];
  for (const task of TASKS) {
    const weeks = crop.windows[task];
    if (!weeks) continue;
    const span = years
      .map((frosts) => spanOf(task === "sowAutumn" ? frosts.firstFrost : frosts.lastFrost, weeks))
      .find((candidate) => candidate.to >= today);
    if (span) found.push({ task, span });
  }
  return found.sort((a, b) => a.span.from.getTime() - b.span.from.getTime());
}
