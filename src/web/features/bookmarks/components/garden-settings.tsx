import { useId, useMemo } from "react";
import { z } from "zod";
import { hemisphereOf, isMonthDay } from "#shared/calendar/frost.ts";
import { type Settings, SettingsUpdateSchema, UNITS } from "#shared/schemas/settings.ts";
import { HEMISPHERES } from "#shared/seasons.ts";
import {
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
} from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { browserTimeZone, useSettings, useUpdateSettings } from "#web/lib/settings.ts";
import { toast } from "#web/lib/toast.tsx";

const HEMISPHERE_NAMES: Record<string, string> = {
  "": "Not set",
  north: "Northern (spring from March)",
  south: "Southern (spring from September)",
};

/** A frost date as the date field holds it ("2026-04-20"), kept as its day of the year ("04-20"). */
const frostField = z
  .string()
  .transform((value) => (value === "" ? null : value.slice(5)))
  .refine((value) => value === null || isMonthDay(value), { error: "Choose a date, or leave it empty" });

/** A latitude as typed ("51.5", "-33,9"), kept to a tenth of a degree; empty for none. */
const latitudeField = z
  .string()
  .trim()
  .transform((value) => (value === "" ? null : Number(value.replace(",", "."))))
  .refine((value) => value === null || (Number.isFinite(value) && Math.abs(value) <= 90), {
    error: "A latitude is a number of degrees from -90 to 90, such as 51.5",
  });

const GardenSchema = z
  .object({
    hemisphere: z.enum(["", ...HEMISPHERES]).transform((value) => (value === "" ? null : value)),
    latitude: latitudeField,
    timeZone: SettingsUpdateSchema.shape.timeZone.unwrap().unwrap(),
    frostFree: z.boolean(),
    lastFrost: frostField,
    firstFrost: frostField,
    units: z.enum(UNITS),
  })
  .refine(
    ({ latitude, hemisphere }) => latitude === null || !hemisphere || hemisphereOf(latitude) === hemisphere,
    {
      path: ["hemisphere"],
      error: "Your latitude is in the other hemisphere: choose it, or leave this unset",
    },
  );

const UNIT_WORDS: Record<string, string> = { metric: "Metric (cm)", imperial: "Imperial (inches)" };
/** A saved frost day as the date field shows it, in this year. */
const asDateField = (md: string | null) => (md ? `${new Date().getFullYear()}-${md}` : "");

/** Every time zone this browser knows, with the member's own first when it is not among them. */
function zonesWith(own: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(own) ? known : [own, ...known];
}

/** "Your garden" on the profile: the hemisphere (when spring is) and the time zone reminders keep. */
export function GardenSettings() {
  const settings = useSettings({ enabled: true });
  return (
    <QueryView
      query={settings}
      loadingLabel="Loading your settings…"
      errorTitle="We could not load your settings"
    >
      {(data) => <GardenSettingsForm settings={data} />}
    </QueryView>
  );
}

function GardenSettingsForm({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const headingId = useId();
  const timeZone = settings.timeZone ?? browserTimeZone();
  const zones = useMemo(() => zonesWith(timeZone), [timeZone]);
  return (
    <Form
      schema={GardenSchema}
      defaultValues={{
        hemisphere: settings.hemisphere ?? "",
        latitude: settings.latitude === null ? "" : String(settings.latitude),
        timeZone,
        frostFree: settings.frostFree,
        lastFrost: asDateField(settings.lastFrost),
        firstFrost: asDateField(settings.firstFrost),
        units: settings.units,
      }}
      aria-label="Your garden"
      onSubmit={async (values, form) => {
        try {
          // A latitude says the hemisphere itself: the form shows the one it said, as saved.
          const saved = await update.mutateAsync(
            values.latitude === null ? values : { ...values, hemisphere: undefined },
          );
          form.setValue("hemisphere", saved.hemisphere ?? "");
          form.setValue("latitude", saved.latitude === null ? "" : String(saved.latitude));
        } catch {
          return; // Said under the form; nothing chosen is lost.
        }
        toast.success("Your garden's settings are saved");
      }}
      className="card-body gap-4"
    >
      <h2 id={headingId} className="card-title">
        Your garden
      </h2>
      <p className="text-sm text-base-content/80">
        Only you see these. The hemisphere tells us when your spring and autumn are, for a bookmark's season
        reminder and the garden calendar, which counts its dates from your frosts; reminders come at 08:00 on
        your clock.
      </p>
      <SelectField
        name="hemisphere"
        label="Hemisphere"
        options={["", ...HEMISPHERES]}
        optionLabel={(value) => HEMISPHERE_NAMES[value] ?? value}
      />
      <TextField
        name="latitude"
        label="Latitude (optional)"
        inputMode="decimal"
        placeholder="e.g. 51.5, or -33.9 in the south"
        hint="Instead of the hemisphere, to a tenth of a degree: it also gives typical frost dates until you give yours"
      />
      <SelectField name="timeZone" label="Time zone" options={zones} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="lastFrost" label="Last spring frost" type="date" hint="The year does not matter" />
        <TextField name="firstFrost" label="First autumn frost" type="date" hint="The year does not matter" />
      </div>
      <CheckboxField name="frostFree" label="It never freezes where I garden" />
      <SelectField
        name="units"
        label="Units"
        options={UNITS}
        optionLabel={(value) => UNIT_WORDS[value] ?? value}
      />
      <FormError message={update.error?.message} />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save garden settings</SubmitButton>
      </div>
    </Form>
  );
}
