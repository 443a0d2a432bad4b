import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { GardenCalendar } from "#web/features/calendar/components/garden-calendar.tsx";
import { siteCropsQueryOptions } from "#web/lib/crops.ts";
import type { PageData } from "#web/lib/member-data.ts";

/** The site's own crops come with the page, so its lists need nothing more once the script runs. */
export const pageData: PageData = ({ client, queryClient }) =>
  queryClient.prefetchQuery(siteCropsQueryOptions(client));

export function CalendarRoute() {
  return (
    <PageFrame measure="narrow">
      <PageHead
        title="Garden Calendar"
        description="What to sow and plant this week and this month where you garden, counted from your own frost dates."
      />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Garden calendar</h1>
        <p className="mt-1 text-base-content/80">
          What to sow and plant this week and this month, counted from your own frost dates, in either
          hemisphere.
        </p>
      </header>
      <GardenCalendar />
    </PageFrame>
  );
}
