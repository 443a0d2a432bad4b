import { useId } from "react";
import { useController } from "react-hook-form";
import { MAX_FROST_WEEKS, type TipWhen } from "#shared/calendar/tip-when.ts";
import { MONTHS } from "#shared/months.ts";
import type { Hemisphere } from "#shared/seasons.ts";
import { useUser } from "#web/lib/auth.ts";
import { useSettings } from "#web/lib/settings.ts";

type Kind = "none" | TipWhen["kind"];
const WEEK_CHOICES = Array.from({ length: MAX_FROST_WEEKS + 1 }, (_, n) => n);

/** What each choice starts as: six weeks before the last frost, or this spring's months in the north. */
const startOf = (kind: Kind, hemisphere: Hemisphere): TipWhen | null =>
  kind === "frost"
    ? { kind: "frost", frost: "last", weeks: -6 }
    : kind === "months"
      ? hemisphere === "north"
        ? { kind: "months", from: 3, to: 4, hemisphere }
        : { kind: "months", from: 9, to: 10, hemisphere }
      : null;

/**
 * When a tip's advice is for, optional: weeks before or after a frost (each reader counts from their own),
 * or months of the year in the author's hemisphere (shown six months on to the other one). A season's
 * name is never asked for: it means opposite months in the two hemispheres.
 */
export function WhenField({ className }: { className?: string }) {
  const id = useId();
  // Months start in the author's own hemisphere, from their garden's place when they gave it.
  const { user } = useUser();
  const hemisphere = useSettings({ enabled: Boolean(user) }).data?.hemisphere ?? "north";
  const { field, fieldState } = useController<{ when?: TipWhen | null }, "when">({ name: "when" });
  const when = field.value ?? null;
  const kind: Kind = when?.kind ?? "none";
  const select = "select select-sm w-auto";
  return (
    <fieldset className={`flex flex-col gap-2 ${className ?? ""}`} aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">When (optional)</legend>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={`${id}-kind`} className="sr-only">
          When it is for
        </label>
        <select
          id={`${id}-kind`}
          className={select}
          value={kind}
          onChange={(event) => field.onChange(startOf(event.target.value as Kind, hemisphere))}
          onBlur={field.onBlur}
        >
          <option value="none">Any time of year</option>
          <option value="frost">Weeks from a frost</option>
          <option value="months">Months of the year</option>
        </select>
        {when?.kind === "frost" && <FrostWeeks id={id} when={when} onChange={field.onChange} />}
        {when?.kind === "months" && <Months id={id} when={when} onChange={field.onChange} />}
      </div>
      <p id={`${id}-hint`} className="text-xs text-base-content/70">
        Weeks from a frost suit every garden: each reader counts from their own frost dates. Months are shown
        six months on to gardeners in the other hemisphere.
      </p>
      {fieldState.error?.message && <p className="text-sm text-error">{fieldState.error.message}</p>}
    </fieldset>
  );
}

function FrostWeeks({
  id,
  when,
  onChange,
}: {
  id: string;
  when: Extract<TipWhen, { kind: "frost" }>;
  onChange: (when: TipWhen) => void;
}) {
  const weeks = Math.abs(when.weeks);
  const direction = when.weeks > 0 ? 1 : -1;
  return (
    <>
      <label className="sr-only" htmlFor={`${id}-weeks`}>
        Weeks
      </label>
      <select
        id={`${id}-weeks`}
        className="select select-sm w-auto"
        value={weeks}
        onChange={(event) => onChange({ ...when, weeks: direction * Number(event.target.value) })}
      >
        {WEEK_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n === 1 ? "1 week" : `${n} weeks`}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${id}-direction`}>
        Before or after
      </label>
      <select
        id={`${id}-direction`}
        className="select select-sm w-auto"
        value={direction}
        onChange={(event) => onChange({ ...when, weeks: Number(event.target.value) * weeks })}
      >
        <option value={-1}>before</option>
        <option value={1}>after</option>
      </select>
      <label className="sr-only" htmlFor={`${id}-frost`}>
        Which frost
      </label>
      <select
        id={`${id}-frost`}
        className="select select-sm w-auto"
        value={when.frost}
        onChange={(event) => onChange({ ...when, frost: event.target.value as "last" | "first" })}
      >
        <option value="last">the last spring frost</option>
        <option value="first">the first autumn frost</option>
      </select>
    </>
  );
}

function Months({
  id,
  when,
  onChange,
}: {
  id: string;
  when: Extract<TipWhen, { kind: "months" }>;
  onChange: (when: TipWhen) => void;
}) {
  const month = (which: "from" | "to", label: string) => (
    <>
      <label className="sr-only" htmlFor={`${id}-${which}`}>
        {label}
      </label>
      <select
        id={`${id}-${which}`}
        className="select select-sm w-auto"
        value={when[which]}
        onChange={(event) => onChange({ ...when, [which]: Number(event.target.value) })}
      >
        {MONTHS.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <>
      {month("from", "From month")}
      <span>to</span>
      {month("to", "To month")}
      <span>in the</span>
      <label className="sr-only" htmlFor={`${id}-hemisphere`}>
        Hemisphere
      </label>
      <select
        id={`${id}-hemisphere`}
        className="select select-sm w-auto"
        value={when.hemisphere}
        onChange={(event) => onChange({ ...when, hemisphere: event.target.value as Hemisphere })}
      >
        <option value="north">northern hemisphere</option>
        <option value="south">southern hemisphere</option>
      </select>
    </>
  );
}
