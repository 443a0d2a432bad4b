import { useEffect, useId, useRef, useState } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { z } from "zod";
import {
  BOOKMARK_NOTE_MAX,
  BookmarkInputSchema,
  type BookmarkState,
  REMINDER_MAX_DAYS,
} from "#shared/schemas/bookmark.ts";
import { HEMISPHERES, type Hemisphere, SEASONS } from "#shared/seasons.ts";
import { FormError, SubmitButton, TextField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { useUser } from "#web/lib/auth.ts";
import { browserTimeZone, useSettings, useUpdateSettings } from "#web/lib/settings.ts";
import { toast } from "#web/lib/toast.tsx";
import { useSetBookmark } from "../api/bookmarks.ts";
import {
  fromLocalInput,
  quickTimes,
  type ReminderChoice,
  reminderLabel,
  seasonTime,
  toLocalInput,
} from "../reminders.ts";

const CHOICES = ["none", "tomorrow", "weekend", "month", ...SEASONS, "custom"] as const;
const CHOICE_NAMES: Record<ReminderChoice, string> = {
  none: "No reminder",
  tomorrow: "Tomorrow",
  weekend: "On Saturday",
  month: "In a month",
  spring: "Next spring",
  autumn: "Next autumn",
  custom: "On a day I choose",
};
const HEMISPHERE_NAMES: Record<Hemisphere, string> = {
  north: "Northern hemisphere (spring from March)",
  south: "Southern hemisphere (spring from September)",
};

const NO_HEMISPHERE = "Say where your garden is, so we know when your spring is";

const DialogSchema = z
  .object({
    note: BookmarkInputSchema.shape.note.unwrap().unwrap(),
    reminder: z.enum(CHOICES),
    custom: z.string(),
    hemisphere: z.enum(["", ...HEMISPHERES]),
  })
  .superRefine((values, context) => {
    if (values.reminder === "custom") {
      const at = fromLocalInput(values.custom);
      const message = !at
        ? "Choose a day and a time"
        : at.getTime() <= Date.now()
          ? "Choose a time in the future"
          : at.getTime() > Date.now() + REMINDER_MAX_DAYS * 24 * 60 * 60 * 1000
            ? "Choose a day in the next two years"
            : null;
      if (message) context.addIssue({ code: "custom", path: ["custom"], message });
    }
  });
type DialogInput = z.input<typeof DialogSchema>;

/** The reminder a bookmark has, as the dialog's choice: its season, or the day it was set to. */
function choiceOf(state: BookmarkState): Pick<DialogInput, "reminder" | "custom"> {
  if (state.remindSeason) return { reminder: state.remindSeason, custom: "" };
  if (state.remindAt && Date.parse(state.remindAt) > Date.now())
    return { reminder: "custom", custom: toLocalInput(new Date(state.remindAt)) };
  return { reminder: "none", custom: "" };
}

/**
 * Saving a tip, or changing one's bookmark of it: a note only the member sees and a reminder, offered as
 * concrete days and times ("Sat 12 Dec, 08:00"), seasons in the member's own hemisphere (asked here once,
 * when first needed, and kept in their settings). A modal dialog: Esc and Cancel close it, focus returns to
 * the button that opened it.
 */
export function BookmarkDialog({
  tipId,
  title,
  state,
  onClose,
}: {
  tipId: string;
  /** The tip's title, to say what is saved. */
  title: string;
  state: BookmarkState;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { user } = useUser();
  const settings = useSettings({ enabled: Boolean(user) });
  const updateSettings = useUpdateSettings();
  const save = useSetBookmark(tipId);
  const [failure, setFailure] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  // Shown as a modal while mounted; once closed, the focus goes back to what opened it (a dialog taken
  // out of the page gives it back to nobody).
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const hemisphere = settings.data?.hemisphere ?? null;
  const timeZone = settings.data?.timeZone ?? browserTimeZone();
  const quick = quickTimes(now, timeZone);
  const timeOf = (choice: ReminderChoice, asked: Hemisphere | null): Date | null => {
    if (choice === "tomorrow" || choice === "weekend" || choice === "month") return quick[choice];
    if (choice === "spring" || choice === "autumn") return seasonTime(choice, asked, timeZone, now);
    return null;
  };

  const remove = async () => {
    setFailure(null);
    try {
      await save.mutateAsync(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    toast.success("Removed from your bookmarks");
    onClose();
  };

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onClose} onClose={onClose}>
      <div className="modal-box max-w-lg">
        <h2 id={titleId} className="text-lg font-bold">
          {state.bookmarked ? "Your bookmark" : "Save this tip"}
        </h2>
        <p className="mt-1 text-sm text-base-content/80 wrap-anywhere" dir="auto">
          “{title}”. Only you see your bookmarks.
        </p>
        <Form
          schema={DialogSchema}
          aria-label={state.bookmarked ? "Your bookmark" : "Save this tip"}
          defaultValues={{
            note: state.note,
            ...choiceOf(state),
            hemisphere: "",
          }}
          onSubmitStart={() => setFailure(null)}
          onSubmit={async (values, form) => {
            const season = values.reminder === "spring" || values.reminder === "autumn";
            if (season && hemisphere === null && values.hemisphere === "") {
              form.setError("hemisphere", { message: NO_HEMISPHERE }, { shouldFocus: true });
              return;
            }
            try {
              if (season && hemisphere === null && values.hemisphere !== "") {
                await updateSettings.mutateAsync({
                  hemisphere: values.hemisphere,
                  ...(settings.data?.timeZone ? {} : { timeZone }),
                });
              }
              const at =
                values.reminder === "custom" ? fromLocalInput(values.custom) : timeOf(values.reminder, null);
              await save.mutateAsync({
                note: values.note,
                ...(season ? { remindSeason: values.reminder as "spring" | "autumn" } : {}),
                ...(!season && at ? { remindAt: at.toISOString() } : {}),
              });
            } catch (error) {
              setFailure(error instanceof Error ? error.message : String(error));
              return;
            }
            toast.success(state.bookmarked ? "Bookmark saved" : "Saved to your bookmarks");
            onClose();
          }}
          className="mt-4 flex flex-col gap-4"
        >
          {() => (
            <>
              <TextField
                name="note"
                label="Note (optional)"
                maxLength={BOOKMARK_NOTE_MAX}
                autoComplete="off"
                placeholder="Why you saved it"
                hint="One line, at most 100 characters."
              />
              <ReminderChoices
                timeOf={timeOf}
                hemisphere={hemisphere}
                timeZone={timeZone}
                now={now}
                settingsKnown={settings.isSuccess}
              />
              <FormError message={failure} />
              <div className="modal-action mt-2 flex-wrap">
                {state.bookmarked && (
                  <button
                    type="button"
                    className="btn btn-ghost text-error mr-auto"
                    onClick={remove}
                    disabled={save.isPending}
                  >
                    Remove bookmark
                  </button>
                )}
                <button type="button" className="btn" onClick={onClose}>
                  Cancel
                </button>
                <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
              </div>
            </>
          )}
        </Form>
      </div>
    </dialog>
  );
}

/** The reminder's choices, each with the day and time it stands for, and what a choice needs asked. */
function ReminderChoices({
  timeOf,
  hemisphere,
  timeZone,
  now,
  settingsKnown,
}: {
  timeOf: (choice: ReminderChoice, asked: Hemisphere | null) => Date | null;
  hemisphere: Hemisphere | null;
  timeZone: string;
  now: Date;
  settingsKnown: boolean;
}) {
  const id = useId();
  const { register, control } = useFormContext<DialogInput>();
  const { errors } = useFormState({ control, name: "hemisphere" });
  const [reminder, asked] = useWatch({ control, name: ["reminder", "hemisphere"] });
  const askedHemisphere = hemisphere ?? (asked === "" ? null : asked);
  const season = reminder === "spring" || reminder === "autumn";
  const needsHemisphere = season && settingsKnown && hemisphere === null;
  return (
    <>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Remind me</legend>
        <div className="flex flex-col gap-1">
          {CHOICES.map((choice) => {
            const at = timeOf(choice, askedHemisphere);
            return (
              <label key={choice} className="flex cursor-pointer items-center gap-3 py-1">
                <input
                  type="radio"
                  value={choice}
                  className="radio radio-sm radio-primary"
                  {...register("reminder")}
                />
                <span>
                  <span className="font-medium">{CHOICE_NAMES[choice]}</span>
                  {at && <span className="text-base-content/80"> · {reminderLabel(at, timeZone, now)}</span>}
                  {!at && (choice === "spring" || choice === "autumn") && (
                    <span className="text-base-content/70"> · in your hemisphere</span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {reminder === "custom" && (
        <TextField
          name="custom"
          label="Day and time"
          type="datetime-local"
          min={toLocalInput(now)}
          hint="On your own clock."
        />
      )}
      {needsHemisphere && (
        <fieldset className="fieldset" aria-describedby={`${id}-hemisphere-hint`}>
          <legend className="fieldset-legend">Where is your garden?</legend>
          <p id={`${id}-hemisphere-hint`} className="text-sm text-base-content/80">
            Asked once, to know when your spring and autumn are. You can change it on your profile.
          </p>
          {HEMISPHERES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 py-1">
              <input
                type="radio"
                value={value}
                className="radio radio-sm radio-primary"
                aria-invalid={errors.hemisphere ? true : undefined}
                {...register("hemisphere")}
              />
              <span>{HEMISPHERE_NAMES[value]}</span>
            </label>
          ))}
          {errors.hemisphere && (
            <p role="alert" className="text-sm text-error">
              {errors.hemisphere.message}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
