import { useCallback, useSyncExternalStore } from "react";
import {
  frostsOfSettings,
  hemisphereOf,
  isMonthDay,
  type Place,
  TYPICAL_FROSTS,
} from "#shared/calendar/frost.ts";
import type { Settings } from "#shared/schemas/settings.ts";
import { HEMISPHERES, type Hemisphere } from "#shared/seasons.ts";
import { useUser } from "#web/lib/auth.ts";
import { useSettings, useUpdateSettings } from "#web/lib/settings.ts";

/** Where a gardener gardens, as the calendar's form holds it: frost dates, or a frost-free place. */
export interface GardenPlace {
  hemisphere: Hemisphere;
  /** Degrees to a tenth, south negative, when the reader gave it: it said the hemisphere. */
  latitude: number | null;
  frostFree: boolean;
  lastFrost: string;
  firstFrost: string;
}

/** A visitor's place stays in their browser only, under this key. */
const STORAGE_KEY = "garden-place";
const listeners = new Set<() => void>();

function readStored(): GardenPlace | null {
  try {
    const stored = JSON.parse(
      window.localStorage.getItem(STORAGE_KEY) ?? "null",
    ) as Partial<GardenPlace> | null;
    if (!stored || !HEMISPHERES.includes(stored.hemisphere as Hemisphere)) return null;
    const hemisphere = stored.hemisphere as Hemisphere;
    const typical = TYPICAL_FROSTS[hemisphere];
    const latitude =
      typeof stored.latitude === "number" && hemisphereOf(stored.latitude) === hemisphere
        ? stored.latitude
        : null;
    return {
      hemisphere,
      latitude,
      frostFree: stored.frostFree === true,
      lastFrost: isMonthDay(stored.lastFrost ?? "") ? (stored.lastFrost as string) : typical.lastFrost,
      firstFrost: isMonthDay(stored.firstFrost ?? "") ? (stored.firstFrost as string) : typical.firstFrost,
    };
  } catch {
    return null;
  }
}

let cached: { text: string | null; place: GardenPlace | null } = { text: null, place: null };
function storedPlace(): GardenPlace | null {
  const text = typeof window === "undefined" ? null : window.localStorage.getItem(STORAGE_KEY);
  if (text !== cached.text) cached = { text, place: readStored() };
  return cached.place;
}

/** A member's place from their settings: null until they chose a hemisphere. */
function placeOfSettings(settings: Settings): GardenPlace | null {
  if (!settings.hemisphere) return null;
  const frosts = frostsOfSettings({ ...settings, hemisphere: settings.hemisphere });
  // Where their latitude seldom freezes and they gave no dates, the calendar counts as frost-free.
  const typical = TYPICAL_FROSTS[settings.hemisphere];
  return {
    hemisphere: settings.hemisphere,
    latitude: settings.latitude,
    frostFree: frosts === null,
    lastFrost: frosts?.lastFrost ?? settings.lastFrost ?? typical.lastFrost,
    firstFrost: frosts?.firstFrost ?? settings.firstFrost ?? typical.firstFrost,
  };
}

/** The calendar's place: frost-free places count from no frost dates. */
export const toPlace = (place: GardenPlace): Place => ({
  hemisphere: place.hemisphere,
  lastFrost: place.frostFree ? null : place.lastFrost,
  firstFrost: place.frostFree ? null : place.firstFrost,
});

/**
 * Where the reader gardens and how to change it: a member's settings (saved to their profile), or a
 * visitor's choice kept in this browser. `place` is null until one is chosen; `ready` is false while a
 * member's settings load.
 */
export function useGardenPlace() {
  const { user } = useUser();
  const settings = useSettings({ enabled: Boolean(user) });
  const update = useUpdateSettings();
  const stored = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storedPlace,
    () => null,
  );
  const save = useCallback(
    async (place: GardenPlace) => {
      if (user) {
        await update.mutateAsync({
          // A latitude says the hemisphere itself; without one, the hemisphere drops any other side's.
          ...(place.latitude === null
            ? { hemisphere: place.hemisphere, latitude: null }
            : { latitude: place.latitude }),
          frostFree: place.frostFree,
          lastFrost: place.frostFree ? null : place.lastFrost,
          firstFrost: place.frostFree ? null : place.firstFrost,
        });
        return;
      }
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(place));
      for (const listener of listeners) listener();
    },
    [user, update],
  );
  if (user)
    return {
      place: settings.data ? placeOfSettings(settings.data) : null,
      ready: settings.isSuccess,
      save,
      member: true,
      units: settings.data?.units ?? "metric",
    } as const;
  return { place: stored, ready: true, save, member: false, units: "metric" } as const;
}
