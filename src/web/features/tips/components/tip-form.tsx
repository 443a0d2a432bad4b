import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import { z } from "zod";
import {
  AVAILABILITIES,
  type Availability,
  CATEGORIES,
  CONFIRM_EMAIL_FOR_PUBLIC_TIPS,
  DIFFICULTIES,
} from "#shared/constants.ts";
import { httpUrl } from "#shared/schemas/common.ts";
import { TipInputSchema } from "#shared/schemas/tip.ts";
import {
  FormError,
  ReadOnlyField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { PhotoField, type UploadedPhotoShown } from "#web/components/ui/form/photo-field.tsx";
import { CropsField } from "./crops-field.tsx";
import { WhenField } from "./when-field.tsx";

/**
 * The share form requires a picture (an uploaded photo or a link to one); the API itself does not. A
 * select may start on an empty "Select" option, so its field takes any text and the choice is checked here.
 */
const TipFormSchema = TipInputSchema.extend({
  difficulty: z.string().pipe(z.enum(DIFFICULTIES, { error: "Choose a difficulty" })),
  category: z.string().pipe(z.enum(CATEGORIES, { error: "Choose a category" })),
  images: httpUrl("Add a photo or its address"),
  availability: z.enum(AVAILABILITIES, { error: "Choose who can see this tip" }),
});
/** The dashboard's add form and the edit form: without a picture, a tip shows the default plant image. */
const TipFormOptionalImageSchema = TipFormSchema.extend({ images: TipInputSchema.shape.images });
export type TipFormInput = z.input<typeof TipFormSchema>;
/** `images` is null only from a form where the picture is optional. */
export type TipFormValues = z.output<typeof TipFormOptionalImageSchema>;

const EMPTY: TipFormInput = {
  title: "",
  plantType: "",
  difficulty: "Easy",
  description: "",
  images: "",
  category: "",
  availability: "Public",
  crops: [],
  when: null,
};

/** The empty first option of a select that asks for a choice. */
const PROMPT = "Select";

/**
 * The share and edit form. Name and e-mail are shown read-only, from the signed-in account (the server takes
 * them from the session, never from the body); the server's refusal shows under the form and nothing typed is
 * lost.
 */
export function TipForm({
  author,
  defaultValues,
  submitLabel,
  submittingLabel,
  onSubmit,
  serverError,
  imageRequired = true,
  availabilityOptions,
  promptForDifficulty = false,
  actions,
  confirmEmail,
  savedPhoto,
}: {
  /** The tip's photo as saved, when it was uploaded here. */
  savedPhoto?: UploadedPhotoShown | undefined;
  author: { name: string; email: string };
  defaultValues?: Partial<TipFormInput>;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (values: TipFormValues) => Promise<unknown>;
  serverError?: string;
  imageRequired?: boolean;
  /** Simple forms offer Public/Hidden, as in the spec; a private tip keeps its option when edited. */
  availabilityOptions?: readonly Availability[];
  /** The dashboard form: difficulty starts on "Select" too (category always does for a new tip). */
  promptForDifficulty?: boolean;
  /** Beside the submit button (the dashboard's Cancel). */
  actions?: ReactNode;
  /** A way to send the verification link again, offered when a public tip waits for it. */
  confirmEmail?: ReactNode;
}) {
  const current = defaultValues?.availability ?? "Public";
  const availabilities =
    availabilityOptions ?? (current === "Private" ? AVAILABILITIES : (["Public", "Hidden"] as const));
  return (
    <Form
      schema={imageRequired ? TipFormSchema : TipFormOptionalImageSchema}
      defaultValues={{ ...EMPTY, ...(promptForDifficulty ? { difficulty: "" } : {}), ...defaultValues }}
      onSubmit={(values) => onSubmit(values)}
      className="grid gap-4 md:grid-cols-2"
    >
      <ReadOnlyField label="Your name" value={author.name} />
      <ReadOnlyField label="Your email" type="email" value={author.email} />
      <TextField
        name="title"
        label="Title"
        placeholder="e.g. Water tomatoes deeply, not often"
        className="md:col-span-2"
        dir="auto"
      />
      <TextField name="plantType" label="Plant type" placeholder="e.g. Tomato" dir="auto" />
      <SelectField
        name="difficulty"
        label="Difficulty"
        options={DIFFICULTIES}
        placeholder={promptForDifficulty ? PROMPT : undefined}
      />
      <SelectField
        name="category"
        label="Category"
        options={CATEGORIES}
        placeholder={defaultValues?.category ? undefined : PROMPT}
      />
      <SelectField name="availability" label="Availability" options={availabilities} />
      <CropsField className="md:col-span-2" />
      <WhenField className="md:col-span-2" />
      <PhotoField
        name="images"
        label="Image URL"
        placeholder="https://example.com/my-garden.jpg"
        hint={imageRequired ? undefined : "Optional: leave empty to show the default plant picture."}
        saved={savedPhoto}
        className="md:col-span-2"
      />
      <TextareaField
        name="description"
        label="Description"
        rows={6}
        placeholder="What to do, when, and why it works"
        className="md:col-span-2"
        dir="auto"
      />
      <div className="flex flex-col gap-3 md:col-span-2">
        <FormError message={serverError} />
        {serverError === CONFIRM_EMAIL_FOR_PUBLIC_TIPS && (
          <UnlistedInstead options={availabilities} confirmEmail={confirmEmail} />
        )}
        <div className="flex flex-wrap gap-3">
          <SubmitButton pendingLabel={submittingLabel}>{submitLabel}</SubmitButton>
          {actions}
        </div>
      </div>
    </Form>
  );
}

/**
 * An account whose e-mail is not confirmed was refused a third public tip: it may send itself the link
 * again, or save the same tip unlisted (Hidden, or Private where the form offers that instead), keeping
 * everything typed.
 */
function UnlistedInstead({
  options,
  confirmEmail,
}: {
  options: readonly Availability[];
  confirmEmail?: ReactNode;
}) {
  const { setValue } = useFormContext<TipFormInput>();
  const unlisted = options.find((option) => option !== "Public");
  return (
    <div className="flex flex-wrap items-center gap-3">
      {confirmEmail}
      {unlisted && (
        <button
          type="submit"
          className="btn btn-outline btn-sm"
          // Runs before the form's submit, which then sends the tip as this.
          onClick={() => setValue("availability", unlisted)}
        >
          Save as {unlisted} instead
        </button>
      )}
    </div>
  );
}
