import { Trash2 } from "lucide-react";
import { useId } from "react";
import { z } from "zod";
import { DELETION_GRACE_DAYS, DELETION_KEEPS } from "#shared/schemas/account-data.ts";
import { FormError, PasswordField, SubmitButton, TextField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { useForgetSession } from "#web/lib/auth.ts";
import { useDeleteAccount } from "../api/delete-account.ts";

/** The card's own place on the profile: the privacy page links here. */
const DELETE_ACCOUNT_ANCHOR = "delete-account";

const dueFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short" });

const CHOICES: Record<(typeof DELETION_KEEPS)[number], { label: string; says: string }> = {
  nothing: {
    label: "Delete everything",
    says: "Your tips, photos, comments and likes are removed. Replies others wrote under your tips stay under a “Deleted tip” placeholder; a comment of yours that others answered stays as “[deleted]”.",
  },
  anonymous: {
    label: "Keep my tips and comments anonymously",
    says: "They stay under “Former gardener”, with no name, photo, handle or link to you. Everything personal still goes.",
  },
};

/**
 * "Delete your account" on the profile: what stays is the member's choice, confirmed with their password
 * and their handle typed in. The account is hidden and signed out at once, and deleted after the grace
 * unless they sign in before then.
 */
export function DeleteAccountCard({ handle }: { handle: string }) {
  const headingId = useId();
  const remove = useDeleteAccount();
  const forget = useForgetSession();
  const schema = z.object({
    keep: z.enum(DELETION_KEEPS, { error: "Choose what happens to your tips and comments" }),
    password: z.string(),
    handle: z
      .string()
      .trim()
      .refine((typed) => typed.replace(/^@/, "").toLowerCase() === handle, {
        error: `Type your handle, ${handle}, to confirm`,
      }),
  });
  return (
    <section id={DELETE_ACCOUNT_ANCHOR} className="card-body scroll-mt-20 gap-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Delete your account
      </h2>
      <p className="text-base-content/80">
        Your account is hidden and signed out everywhere at once, and deleted {DELETION_GRACE_DAYS} days
        later. Changed your mind? Sign in before then and everything stays as it was. We e-mail you now and a
        day before the end.
      </p>
      <Form
        schema={schema}
        defaultValues={{ keep: undefined, password: "", handle: "" }}
        aria-label="Delete your account"
        className="flex flex-col gap-4"
        onSubmit={(values) =>
          remove
            .mutateAsync({ keep: values.keep, handle: values.handle, password: values.password || undefined })
            .then(
              (deletion) =>
                forget(
                  `Your account will be deleted on ${dueFormat.format(new Date(deletion.dueAt))}. Sign in before then to keep it.`,
                ),
              () => undefined,
            )
        }
      >
        {(form) => (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">What happens to what you wrote</legend>
              {DELETION_KEEPS.map((keep) => (
                <label
                  key={keep}
                  className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-error"
                >
                  <input
                    type="radio"
                    value={keep}
                    className="radio radio-error mt-0.5"
                    aria-describedby={`${headingId}-${keep}`}
                    {...form.register("keep")}
                  />
                  <span className="flex flex-col gap-1">
                    <span className="font-medium">{CHOICES[keep].label}</span>
                    <span id={`${headingId}-${keep}`} className="text-sm text-base-content/80">
                      {CHOICES[keep].says}
                    </span>
                  </span>
                </label>
              ))}
              {form.formState.errors.keep && (
                <p className="text-sm text-error">{String(form.formState.errors.keep.message ?? "")}</p>
              )}
            </fieldset>
            <PasswordField
              name="password"
              label="Your password"
              autoComplete="current-password"
              hint="You sign in with Google only? Leave it empty: sign out, sign in with Google again, and delete within 10 minutes."
            />
            <TextField
              name="handle"
              label={
                <>
                  Type your handle, <strong>{handle}</strong>, to confirm
                </>
              }
              autoComplete="off"
              spellCheck={false}
            />
            <div>
              <SubmitButton className="btn btn-error" pendingLabel="Deleting…">
                <Trash2 aria-hidden="true" className="size-4" />
                Delete my account
              </SubmitButton>
            </div>
            <FormError message={remove.error?.message} />
          </>
        )}
      </Form>
    </section>
  );
}
