import { useId, useMemo } from "react";
import { z } from "zod";
import { type Settings, SettingsUpdateSchema } from "#shared/schemas/settings.ts";
import { HEMISPHERES } from "#shared/seasons.ts";
import { FormError, SelectField, SubmitButton } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { browserTimeZone, useSettings, useUpdateSettings } from "#web/lib/settings.ts";
import { toast } from "#web/lib/toast.tsx";

const HEMISPHERE_NAMES: Record<string, string> = {
  "": "Not set",
  north: "Northern (spring from March)",
  south: "Southern (spring from September)",
};

const GardenSchema = z.object({
  hemisphere: z.enum(["", ...HEMISPHERES]).transform((value) => (value === "" ? null : value)),
  timeZone: SettingsUpdateSchema.shape.timeZone.unwrap().unwrap(),
});

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
      defaultValues={{ hemisphere: settings.hemisphere ?? "", timeZone }}
      aria-label="Your garden"
      onSubmit={async (values) => {
        try {
          await update.mutateAsync(values);
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
        reminder; reminders come at 08:00 on your clock.
      </p>
      <SelectField
        name="hemisphere"
        label="Hemisphere"
        options={["", ...HEMISPHERES]}
        optionLabel={(value) => HEMISPHERE_NAMES[value] ?? value}
      />
      <SelectField name="timeZone" label="Time zone" options={zones} />
      <FormError message={update.error?.message} />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save garden settings</SubmitButton>
      </div>
    </Form>
  );
}
