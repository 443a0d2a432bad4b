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
  return (
    <fieldset className={`flex flex-col gap-2 ${className ?? ""}`} aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">When (optional)</legend>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <InlineSelect
          id={`${id}-kind`}
          label="When it is for"
          value={when?.kind ?? "none"}
          options={KINDS}
          onChange={(kind) => field.onChange(startOf(kind, hemisphere))}
          onBlur={field.onBlur}
        />
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

const KINDS: ReadonlyArray<readonly [Kind, string]> = [
  ["none", "Any time of year"],
  ["frost", "Weeks from a frost"],
  ["months", "Months of the year"],
];
const WEEKS = WEEK_CHOICES.map((n) => [n, n === 1 ? "1 week" : `${n} weeks`] as const);
const DIRECTIONS = [
  [-1, "before"],
  [1, "after"],
] as const;
const FROSTS = [
  ["last", "the last spring frost"],
  ["first", "the first autumn frost"],
] as const;
const MONTH_CHOICES = MONTHS.map((name, index) => [index + 1, name] as const);
const HEMISPHERE_CHOICES = [
  ["north", "northern hemisphere"],
  ["south", "southern hemisphere"],
] as const;

/**
 * One part of the sentence the field reads as ("6 weeks before the last spring frost"): a small select
 * with a label only screen readers say. `options` are [value, words]; the value comes back as given.
 */
function InlineSelect<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
  onBlur?: () => void;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select select-sm w-auto"
        value={value}
        onChange={(event) => {
          const chosen = options.find(([option]) => String(option) === event.target.value);
          if (chosen) onChange(chosen[0]);
        }}
        onBlur={onBlur}
      >
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </>
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
      <InlineSelect
        id={`${id}-weeks`}
        label="Weeks"
        value={weeks}
        options={WEEKS}
        onChange={(n) => onChange({ ...when, weeks: direction * n })}
      />
      <InlineSelect
        id={`${id}-direction`}
        label="Before or after"
        value={direction}
        options={DIRECTIONS}
        onChange={(sign) => onChange({ ...when, weeks: sign * weeks })}
      />
      <InlineSelect
        id={`${id}-frost`}
        label="Which frost"
        value={when.frost}
        options={FROSTS}
        onChange={(frost) => onChange({ ...when, frost })}
      />
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
  return (
    <>
      <InlineSelect
        id={`${id}-from`}
        label="From month"
        value={when.from}
        options={MONTH_CHOICES}
        onChange={(from) => onChange({ ...when, from })}
      />
      <span>to</span>
      <InlineSelect
        id={`${id}-to`}
        label="To month"
        value={when.to}
        options={MONTH_CHOICES}
        onChange={(to) => onChange({ ...when, to })}
      />
      <span>in the</span>
      <InlineSelect
        id={`${id}-hemisphere`}
        label="Hemisphere"
        value={when.hemisphere}
        options={HEMISPHERE_CHOICES}
        onChange={(hemisphere) => onChange({ ...when, hemisphere })}
      />
    </>
  );
}
