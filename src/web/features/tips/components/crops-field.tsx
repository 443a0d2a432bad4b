import { X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { useController } from "react-hook-form";
import { CROP_LANGUAGES, type Crop } from "#shared/calendar/crops.ts";
import { MAX_TIP_CROPS } from "#shared/constants.ts";
import { useCrops } from "#web/lib/crops.ts";

/** The crop a typed name means, in any language the list names crops in, whatever its case. */
function cropNamed(crops: readonly Crop[], typed: string): Crop | undefined {
  const wanted = typed.trim().toLocaleLowerCase();
  if (!wanted) return undefined;
  return crops.find(
    (crop) =>
      crop.slug === wanted || CROP_LANGUAGES.some((lang) => crop.names[lang].toLocaleLowerCase() === wanted),
  );
}

/**
 * The garden calendar's crops a tip is about: typed or picked by name (English, French, Spanish or German),
 * each shown with a button taking it off. The plant type stays free text beside it.
 */
export function CropsField({ className }: { className?: string }) {
  const id = useId();
  const { field, fieldState } = useController<{ crops?: string[] }, "crops">({ name: "crops" });
  const chosen: string[] = field.value ?? [];
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const full = chosen.length >= MAX_TIP_CROPS;
  const { crops, bySlug } = useCrops();
  const cropName = (slug: string) => bySlug(slug)?.names.en ?? slug;

  const add = () => {
    if (!typed.trim()) return;
    const crop = cropNamed(crops, typed);
    if (!crop) {
      setProblem(`The calendar does not know “${typed.trim()}”: pick a crop from the list.`);
      return;
    }
    if (!chosen.includes(crop.slug)) field.onChange([...chosen, crop.slug]);
    setTyped("");
    setProblem(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the crop typed rather than sending the whole form half-filled.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
  const error = problem ?? fieldState.error?.message ?? null;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");

  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        Crops (optional)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="input w-full"
          list={`${id}-list`}
          value={typed}
          disabled={full}
          placeholder={full ? `${MAX_TIP_CROPS} crops chosen` : "e.g. Tomato, Basilic, Zanahoria"}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={field.onBlur}
        />
        <button type="button" className="btn btn-outline" onClick={add} disabled={full || !typed.trim()}>
          Add
        </button>
      </div>
      <datalist id={`${id}-list`}>
        {crops
          .filter((crop) => !chosen.includes(crop.slug))
          .map((crop) => (
            <option key={crop.slug} value={crop.names.en}>
              {`${crop.names.fr} · ${crop.names.es} · ${crop.names.de}`}
            </option>
          ))}
      </datalist>
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        Up to {MAX_TIP_CROPS} crops of the garden calendar: your tip is listed on their pages.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
      {chosen.length > 0 && (
        <ul aria-label="Crops chosen" className="mt-1 flex flex-wrap gap-2">
          {chosen.map((slug) => (
            <li key={slug} className="badge badge-lg gap-1 border-base-300 bg-base-200 pe-1">
              {cropName(slug)}
              <button
                type="button"
                className="btn btn-ghost btn-xs btn-circle"
                aria-label={`Remove ${cropName(slug)}`}
                onClick={() => field.onChange(chosen.filter((one) => one !== slug))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
