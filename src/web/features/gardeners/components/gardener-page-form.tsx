import { ExternalLink } from "lucide-react";
import { useFormState, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { type Profile, type ProfileFormInput, ProfileFormSchema } from "#shared/schemas/gardener.ts";
import {
  CheckboxField,
  FormError,
  SubmitButton,
  TextareaField,
  TextField,
} from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiClientError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.tsx";
import { useUpdateGardenerPage } from "../api/update-gardener-page.ts";

const BIO_MAX = 500;

const formValues = (profile: Profile): ProfileFormInput => ({
  handle: profile.handle,
  bio: profile.bio ?? "",
  location: profile.location ?? "",
  experiences: profile.experiences ?? "",
  gardenName: profile.gardenName ?? "",
  gender: profile.gender ?? "",
  youtube: profile.youtube ?? "",
  age: profile.age === undefined ? "" : String(profile.age),
  certifications: (profile.certifications ?? []).join("\n"),
  listed: profile.listed,
});

/** The member's gardener page: handle, bio, the card's fields, and whether Explore Gardeners lists them. */
export function GardenerPageForm({ profile }: { profile: Profile }) {
  const update = useUpdateGardenerPage();
  return (
    <Form
      schema={ProfileFormSchema}
      defaultValues={formValues(profile)}
      aria-label="Your gardener page"
      onSubmit={async (values, form) => {
        let saved: Profile;
        try {
          saved = await update.mutateAsync(values);
        } catch (error) {
          // A taken handle is the handle's problem: said beside it. Anything else under the form.
          if (error instanceof ApiClientError && error.status === 409)
            form.setError("handle", { message: error.message }, { shouldFocus: true });
          return; // Nothing typed is lost.
        }
        form.reset(formValues(saved));
        toast.success("Gardener page saved");
      }}
      className="card-body gap-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="card-title">Your gardener page</h2>
        <Link
          to={paths.gardener.getHref(profile.handle)}
          className="link link-primary inline-flex items-center gap-1 text-sm"
        >
          See your page
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </Link>
      </div>
      <TextField
        name="handle"
        label="Handle"
        autoComplete="username"
        spellCheck={false}
        hint="Your page's address: 2 to 25 letters a-z, digits and underscores."
      />
      <BioField />
      <TextField name="location" label="Location" placeholder="A town or region" autoComplete="off" />
      <TextField name="experiences" label="Experience" placeholder="12 years" />
      <TextField name="gardenName" label="Garden name" />
      <TextareaField name="certifications" label="Certifications" rows={2} hint="One per line, at most 10." />
      <TextField name="youtube" label="YouTube channel" type="url" placeholder="https://www.youtube.com/@…" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="age" label="Age" inputMode="numeric" hint="Shown only if you give it." />
        <TextField name="gender" label="Gender" hint="Shown only if you give it." />
      </div>
      <CheckboxField name="listed" label="List me on Explore Gardeners once I share a public tip" />
      <FormError
        message={
          update.error instanceof ApiClientError && update.error.status === 409 ? null : update.error?.message
        }
      />
      <div className="card-actions justify-end">
        <SaveButton />
      </div>
    </Form>
  );
}

function BioField() {
  const bio = useWatch({ name: "bio" }) as string | undefined;
  const used = bio?.length ?? 0;
  return (
    <TextareaField
      name="bio"
      label="Bio"
      rows={4}
      hint={`Plain text; web addresses become links. ${used}/${BIO_MAX} characters.`}
    />
  );
}

function SaveButton() {
  const { isDirty } = useFormState();
  return <SubmitButton disabled={!isDirty}>Save gardener page</SubmitButton>;
}
