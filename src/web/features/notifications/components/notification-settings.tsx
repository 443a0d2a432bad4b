import { useId, useState } from "react";
import { MUTABLE_KINDS, type Settings, type SettingsUpdate } from "#shared/schemas/settings.ts";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { browserTimeZone, useSettings, useUpdateSettings } from "#web/lib/settings.ts";
import { toast } from "#web/lib/toast.tsx";

type MutableKind = (typeof MUTABLE_KINDS)[number];

const KIND_LABELS: Record<MutableKind, string> = {
  comment: "Comments on my tips",
  reply: "Replies to my comments",
  mention: "Comments that mention me (@handle)",
  like: "Likes on my tips",
  follow: "New followers",
  new_tip: "New tips from gardeners I follow",
};

const MAIL_CHOICES: Array<{ name: "emailReplies" | "emailMentions"; label: string }> = [
  { name: "emailReplies", label: "Comments on my tips and replies to my comments" },
  { name: "emailMentions", label: "Comments that mention me (@handle)" },
];

/**
 * "Notification settings" on the profile: which kinds the site makes for the member, and which may reach them by
 * e-mail while they are away. Each choice is saved as it is made; every e-mail also has a link that
 * turns its own kind off. A bookmark's reminder and the moderators' word always come.
 */
export function NotificationSettings() {
  const settings = useSettings({ enabled: true });
  return (
    <QueryView
      query={settings}
      loadingLabel="Loading your notification settings…"
      errorTitle="We could not load your notification settings"
    >
      {(data) => <Choices settings={data} />}
    </QueryView>
  );
}

function Choices({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const headingId = useId();
  // The choice on its way, set in the click itself: the box shows it at once (a controlled box that
  // waited for the request's state would flip back first), and as it was again if it is refused.
  const [choosing, setChoosing] = useState<SettingsUpdate | null>(null);
  const shown: Settings = { ...settings, ...choosing };
  const save = (change: SettingsUpdate, said: string) => {
    setChoosing(change);
    update.mutate(change, {
      onSuccess: () => toast.success(said),
      onError: (error) => toast.error(`Not saved: ${error.message}`),
      onSettled: () => setChoosing(null),
    });
  };
  return (
    <section className="card-body gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Notification settings
      </h2>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">In the site</legend>
        {MUTABLE_KINDS.map((kind) => (
          <Choice
            key={kind}
            label={KIND_LABELS[kind]}
            checked={!shown.mutedKinds.includes(kind)}
            disabled={choosing !== null}
            onChange={(on) =>
              save(
                {
                  mutedKinds: on
                    ? shown.mutedKinds.filter((muted) => muted !== kind)
                    : [...shown.mutedKinds, kind],
                },
                on ? `${KIND_LABELS[kind]}: on` : `${KIND_LABELS[kind]}: off`,
              )
            }
          />
        ))}
      </fieldset>
      <fieldset className="mt-2 flex flex-col gap-1">
        <legend className="mb-1 font-semibold">By e-mail while you're away</legend>
        <p className="mb-1 text-sm text-base-content/80">
          When one is still unread 10 minutes later and you had no page of the site open, we e-mail it: at
          most one e-mail a day about one tip, and 20 a day in all. Likes and new followers stay in the site.
        </p>
        {MAIL_CHOICES.map(({ name, label }) => (
          <Choice
            key={name}
            label={label}
            checked={shown[name]}
            disabled={choosing !== null}
            onChange={(on) =>
              save({ [name]: on }, on ? "We'll e-mail these while you're away" : "No more e-mails of these")
            }
          />
        ))}
      </fieldset>
      <SummaryChoice settings={shown} busy={choosing !== null} save={save} />
      <QuietHoursChoice settings={shown} busy={choosing !== null} save={save} />
    </section>
  );
}

/** What a group of choices is given: the settings shown, whether one is on its way, and how to save. */
interface ChoiceProps {
  settings: Settings;
  busy: boolean;
  save: (change: SettingsUpdate, said: string) => void;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * "This week in your garden": how often (weekly, daily, or off) and, weekly, on which day. Each choice is
 * saved as made, with the browser's time zone when the member has none (the morning is theirs).
 */
function SummaryChoice({ settings, busy, save }: ChoiceProps) {
  const oftenId = useId();
  const dayId = useId();
  const withZone = settings.timeZone ? {} : { timeZone: browserTimeZone() };
  const often = settings.emailSummary ? settings.summaryEvery : "off";
  return (
    <fieldset className="mt-2 flex flex-col gap-2">
      <legend className="mb-1 font-semibold">Summary of what you missed</legend>
      <p className="text-sm text-base-content/80">
        “This week in your garden”: replies and likes waiting for you, new tips from gardeners you follow and
        the most liked tips, in the morning, only when you were away and there are 3 things or more.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={oftenId} className="flex flex-col gap-1 text-sm">
          How often
          <select
            id={oftenId}
            className="select select-sm w-36"
            value={often}
            disabled={busy}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (value === "off") save({ emailSummary: false }, "No more summaries");
              else if (value === "daily" || value === "weekly")
                save(
                  { emailSummary: true, summaryEvery: value, ...withZone },
                  value === "daily"
                    ? "A summary every day you are away"
                    : "A summary every week you are away",
                );
            }}
          >
            <option value="weekly">Weekly</option>
            <option value="daily">Daily</option>
            <option value="off">Off</option>
          </select>
        </label>
        {often === "weekly" && (
          <label htmlFor={dayId} className="flex flex-col gap-1 text-sm">
            On
            <select
              id={dayId}
              className="select select-sm w-36"
              value={settings.summaryDay}
              disabled={busy}
              onChange={(event) => {
                const day = Number(event.currentTarget.value);
                save({ summaryDay: day, ...withZone }, `Summaries on ${WEEKDAYS[day]}`);
              }}
            >
              {WEEKDAYS.map((name, day) => (
                <option key={name} value={day}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </fieldset>
  );
}

const NIGHT = { from: "22:00", to: "07:00" };

/**
 * Quiet hours: e-mails that come in them wait until they end. Turned on with the night (22:00 to 07:00),
 * the hours then changed and saved together; the member's time zone is saved with them when unknown.
 */
function QuietHoursChoice({ settings, busy, save }: ChoiceProps) {
  const zone = settings.timeZone ?? browserTimeZone();
  const withZone = settings.timeZone ? {} : { timeZone: zone };
  const quiet = settings.quietHours;
  const [hours, setHours] = useState(quiet ?? NIGHT);
  const same = hours.from === hours.to;
  const changed = quiet !== null && (hours.from !== quiet.from || hours.to !== quiet.to);
  return (
    <fieldset className="mt-2 flex flex-col gap-1">
      <legend className="mb-1 font-semibold">Quiet hours</legend>
      <Choice
        label="Hold e-mails during quiet hours"
        checked={quiet !== null}
        disabled={busy}
        onChange={(on) =>
          save(
            { quietHours: on ? hours : null, ...withZone },
            on ? `Quiet from ${hours.from} to ${hours.to}` : "No quiet hours",
          )
        }
      />
      {quiet !== null && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!same) save({ quietHours: hours, ...withZone }, `Quiet from ${hours.from} to ${hours.to}`);
          }}
        >
          <TimeField label="From" value={hours.from} onChange={(from) => setHours({ ...hours, from })} />
          <TimeField label="Until" value={hours.to} onChange={(to) => setHours({ ...hours, to })} />
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy || !changed || same}>
            Save hours
          </button>
        </form>
      )}
      <p className="text-sm text-base-content/80">
        {same
          ? "Quiet hours must end at another time than they start."
          : `E-mails that come in them wait until they end. Times on the clocks of ${zone}.`}
      </p>
    </fieldset>
  );
}

function Choice({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 py-1">
      <span>{label}</span>
      <input
        type="checkbox"
        className="checkbox checkbox-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </label>
  );
}

function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm">
      {label}
      <input
        id={id}
        type="time"
        required
        className="input input-sm w-32"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </label>
  );
}
