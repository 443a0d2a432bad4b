import { useId, useState } from "react";
import { frostsAtLatitude, hemisphereOf, isMonthDay, TYPICAL_FROSTS } from "#shared/calendar/frost.ts";
import { HEMISPHERES, type Hemisphere } from "#shared/seasons.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.tsx";
import type { GardenPlace } from "../place.ts";

const HEMISPHERE_WORDS: Record<Hemisphere, string> = {
  north: "Northern hemisphere",
  south: "Southern hemisphere",
};

/** "04-20" as a date field holds it this year ("2026-04-20"), and back. */
const asDateField = (md: string) => `${new Date().getFullYear()}-${md}`;
const fromDateField = (value: string) => value.slice(5);

/** A latitude as typed ("51.5", "-33,9") to a tenth of a degree; null when empty, NaN when no latitude. */
function latitudeOf(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (text === "") return null;
  const degrees = Number(text);
  return Number.isFinite(degrees) && Math.abs(degrees) <= 90 ? Math.round(degrees * 10) / 10 : Number.NaN;
}

/**
 * Where you garden: the hemisphere, and the last spring and first autumn frost (or none). A member's is
 * saved to their profile; a visitor's stays in this browser.
 */
export function PlaceForm({
  place,
  member,
  onSave,
  onDone,
}: {
  place: GardenPlace | null;
  member: boolean;
  onSave: (place: GardenPlace) => Promise<void>;
  onDone?: () => void;
}) {
  const id = useId();
  const [hemisphere, setHemisphere] = useState<Hemisphere | "">(place?.hemisphere ?? "");
  const [latitude, setLatitude] = useState(place?.latitude === null || !place ? "" : String(place.latitude));
  const [frostFree, setFrostFree] = useState(place?.frostFree ?? false);
  const [lastFrost, setLastFrost] = useState(place ? asDateField(place.lastFrost) : "");
  const [firstFrost, setFirstFrost] = useState(place ? asDateField(place.firstFrost) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** A latitude typed picks the hemisphere and, while no frost date is given, its typical dates. */
  function typeLatitude(value: string) {
    setLatitude(value);
    const degrees = latitudeOf(value);
    if (degrees === null || Number.isNaN(degrees)) return;
    setHemisphere(hemisphereOf(degrees));
    if (lastFrost || firstFrost) return;
    const typical = frostsAtLatitude(degrees);
    if (!typical) return setFrostFree(true);
    setFrostFree(false);
    setLastFrost(asDateField(typical.lastFrost));
    setFirstFrost(asDateField(typical.firstFrost));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const degrees = latitudeOf(latitude);
    if (Number.isNaN(degrees))
      return setProblem("A latitude is a number of degrees from -90 to 90, such as 51.5");
    if (!hemisphere) return setProblem("Choose your hemisphere, or give your latitude");
    const last = fromDateField(lastFrost);
    const first = fromDateField(firstFrost);
    if (!frostFree && (!isMonthDay(last) || !isMonthDay(first)))
      return setProblem("Give both frost dates, or tick “It never freezes here”");
    setProblem(null);
    setSaving(true);
    try {
      const typical = TYPICAL_FROSTS[hemisphere];
      await onSave({
        hemisphere,
        latitude: degrees !== null && hemisphereOf(degrees) === hemisphere ? degrees : null,
        frostFree,
        lastFrost: isMonthDay(last) ? last : typical.lastFrost,
        firstFrost: isMonthDay(first) ? first : typical.firstFrost,
      });
      toast.success(member ? "Saved to your profile" : "Saved in this browser");
      onDone?.();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate aria-label="Where you garden" onSubmit={submit} className="flex flex-col gap-4">
      {/* Rendered by the server: nothing can be chosen before the page's script can save it. */}
      <HydrationGate>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium">Hemisphere</legend>
          {HEMISPHERES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name={`${id}-hemisphere`}
                className="radio radio-primary radio-sm"
                checked={hemisphere === value}
                onChange={() => {
                  setHemisphere(value);
                  // A latitude on the other side of the equator no longer says where the garden is.
                  const degrees = latitudeOf(latitude);
                  if (degrees !== null && !Number.isNaN(degrees) && hemisphereOf(degrees) !== value)
                    setLatitude("");
                }}
              />
              {HEMISPHERE_WORDS[value]}
            </label>
          ))}
        </fieldset>
        <div className="flex max-w-xs flex-col gap-1">
          <label htmlFor={`${id}-latitude`} className="text-sm font-medium">
            Or your latitude (optional)
          </label>
          <input
            id={`${id}-latitude`}
            type="text"
            inputMode="decimal"
            className="input w-full"
            placeholder="e.g. 51.5, or -33.9 in the south"
            value={latitude}
            aria-describedby={`${id}-latitude-hint`}
            onChange={(event) => typeLatitude(event.target.value)}
          />
          <span id={`${id}-latitude-hint`} className="text-xs text-base-content/70">
            To a tenth of a degree: it picks your hemisphere and typical frost dates, which you may change.
          </span>
        </div>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-primary checkbox-sm"
            checked={frostFree}
            onChange={(event) => setFrostFree(event.target.checked)}
          />
          It never freezes here
        </label>
        {!frostFree && (
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                ["Last spring frost", lastFrost, setLastFrost],
                ["First autumn frost", firstFrost, setFirstFrost],
              ] as const
            ).map(([label, value, set]) => (
              <label key={label} className="flex flex-col gap-1 text-sm font-medium">
                {label}
                <input
                  type="date"
                  className="input w-full"
                  value={value}
                  onChange={(event) => set(event.target.value)}
                />
              </label>
            ))}
          </div>
        )}
        <p className="text-xs text-base-content/70">
          The year does not matter: only the day counts.{" "}
          {member ? "Saved to your profile; only you see it." : "Kept in this browser only."}
        </p>
        {problem && (
          <p role="alert" className="text-sm text-error">
            {problem}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Save where I garden"}
          </button>
        </div>
      </HydrationGate>
    </form>
  );
}
