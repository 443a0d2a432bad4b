import { useState } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { ProfileSchema, type User } from "#shared/schemas/auth.ts";
import { HttpUrlSchema } from "#shared/schemas/common.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { breakableEmail } from "#web/components/ui/email-link.tsx";
import { FormError, SubmitButton, TextField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { useUploadsState } from "#web/components/ui/form/pending-uploads.ts";
import { PhotoField, type UploadedPhotoShown } from "#web/components/ui/form/photo-field.tsx";
import { toast } from "#web/lib/toast.tsx";
import { useUpdateProfile } from "../api/update-profile.ts";
import { EmailVerification } from "./email-verification.tsx";

/** The display name and photo other gardeners see, with a live preview of the photo. */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  // The photo uploaded here that the profile shows, or was just uploaded: the preview's narrower copies.
  const [uploaded, setUploaded] = useState<UploadedPhotoShown | undefined>(
    user.photo && user.image ? { url: user.image, ...user.photo } : undefined,
  );
  return (
    <Form
      schema={ProfileSchema}
      defaultValues={{ name: user.name, photoUrl: user.image ?? "" }}
      onSubmit={async ({ name, photoUrl }, form) => {
        try {
          await update.mutateAsync({ name, image: photoUrl || null });
        } catch {
          return; // Shown under the form; nothing typed is lost.
        }
        form.reset({ name, photoUrl });
        toast.success("Profile updated");
      }}
      className="card-body gap-4"
    >
      <div className="flex items-center gap-4">
        <PhotoPreview fallback={user.image} uploaded={uploaded} />
        <div className="min-w-0">
          <p className="font-semibold break-words">{user.name}</p>
          <p className="text-sm wrap-anywhere text-base-content/80">{breakableEmail(user.email)}</p>
          <EmailVerification email={user.email} verified={user.emailVerified} />
        </div>
      </div>
      <TextField name="name" label="Display name" autoComplete="name" />
      <PhotoField
        name="photoUrl"
        label="Profile photo url"
        placeholder="https://example.com/me.jpg"
        hint="Leave empty to use the default avatar."
        preview={false}
        saved={uploaded}
        onUploaded={setUploaded}
      />
      <FormError message={update.error?.message} />
      <div className="card-actions justify-end">
        <SaveButton />
      </div>
    </Form>
  );
}

/** Save, once something changed: a photo still uploading counts, as the save waits for it. */
function SaveButton() {
  const { isDirty } = useFormState();
  const { busy } = useUploadsState();
  return <SubmitButton disabled={!isDirty && !busy}>Save changes</SubmitButton>;
}

/** The photo as typed, once it is a valid http(s) URL (anything else the page's CSP would block anyway). */
function PhotoPreview({
  fallback,
  uploaded,
}: {
  fallback: string | null;
  uploaded: UploadedPhotoShown | undefined;
}) {
  const photoUrl = useWatch({ name: "photoUrl" });
  // Emptied (or the photo removed): the default avatar; half typed: the saved photo meanwhile.
  const preview = HttpUrlSchema.safeParse(photoUrl).success
    ? String(photoUrl)
    : String(photoUrl ?? "").trim() === ""
      ? null
      : fallback;
  // Not named after the user: the navbar's photo is, and a name must find one image.
  return (
    <Avatar
      src={preview}
      photo={uploaded && uploaded.url === preview ? uploaded : undefined}
      name="Preview of your profile photo"
      size={72}
    />
  );
}
