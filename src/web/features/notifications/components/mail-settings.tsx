import { useId, useState } from "react";
import type { Settings } from "#shared/schemas/settings.ts";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { useSettings, useUpdateSettings } from "#web/lib/settings.ts";
import { toast } from "#web/lib/toast.tsx";

type MailSetting = "emailReplies" | "emailMentions";

const CHOICES: Array<{ name: MailSetting; label: string }> = [
  { name: "emailReplies", label: "Comments on my tips and replies to my comments" },
  { name: "emailMentions", label: "Comments that mention me (@handle)" },
];

/**
 * "E-mail while you're away" on the profile: which notifications may reach the member by e-mail. Each
 * choice is saved as it is made, and every such e-mail has a link that turns its own off.
 */
export function MailSettings() {
  const settings = useSettings({ enabled: true });
  return (
    <QueryView
      query={settings}
      loadingLabel="Loading your e-mail settings…"
      errorTitle="We could not load your e-mail settings"
    >
      {(data) => <MailSwitches settings={data} />}
    </QueryView>
  );
}

function MailSwitches({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const headingId = useId();
  // The choice on its way, set in the click itself: the box shows it at once (a controlled box that
  // waited for the request's state would flip back first), and as it was again if it is refused.
  const [choosing, setChoosing] = useState<Partial<Settings> | null>(null);
  const shown = { ...settings, ...choosing };
  return (
    <section className="card-body gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        E-mail while you're away
      </h2>
      <p className="text-sm text-base-content/80">
        When one of these is still unread 10 minutes later and you had no page of the site open, we e-mail it:
        at most one e-mail a day about one tip, and 20 a day in all. Likes and new followers stay in the site.
      </p>
      {CHOICES.map(({ name, label }) => (
        <label key={name} className="flex cursor-pointer items-center justify-between gap-4 py-1">
          <span>{label}</span>
          <input
            type="checkbox"
            className="checkbox checkbox-primary"
            checked={shown[name]}
            disabled={choosing !== null}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChoosing({ [name]: on });
              update.mutate(
                { [name]: on },
                {
                  onSuccess: () =>
                    toast.success(on ? "We'll e-mail these while you're away" : "No more e-mails of these"),
                  onError: (error) => toast.error(`Not saved: ${error.message}`),
                  onSettled: () => setChoosing(null),
                },
              );
            }}
          />
        </label>
      ))}
    </section>
  );
}
