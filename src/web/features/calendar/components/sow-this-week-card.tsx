import { lazy, Suspense } from "react";
import { useGardenPlace } from "../place.ts";

const SowThisWeek = lazy(() => import("./sow-this-week.tsx"));

/**
 * "Sow this week" where a member has said where they garden, and nothing otherwise: the crop list it
 * computes from is fetched only then, so pages showing it cost the others nothing.
 */
export function SowThisWeekCard({ className }: { className?: string }) {
  const { place, member } = useGardenPlace();
  if (!member || !place) return null;
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <SowThisWeek place={place} />
      </Suspense>
    </div>
  );
}
