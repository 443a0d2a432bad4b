import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { AVAILABILITIES, type Availability, CATEGORIES, DIFFICULTIES } from "#shared/constants.ts";
import { HttpUrlSchema } from "#shared/schemas/common.ts";
import { TipInputSchema } from "#shared/schemas/tip.ts";
import { FormError, TextField } from "#web/components/ui/form-field.tsx";

/** Spec section 5: the share and edit forms require an image URL; the API itself does not. */
export const TipFormSchema = TipInputSchema.extend({
  images: HttpUrlSchema,
  availability: z.enum(AVAILABILITIES, { error: "Choose who can see this tip" }),
});
/** The edit form of a tip that has no picture of its own: an empty image field keeps it that way. */
const TipFormOptionalImageSchema = TipFormSchema.extend({ images: TipInputSchema.shape.images });
export type TipFormInput = z.input<typeof TipFormSchema>;
/** `images` is null only from the optional-image edit form. */
export type TipFormValues = z.output<typeof TipFormOptionalImageSchema>;

const EMPTY: TipFormInput = {
  title: "",
  plantType: "",
  difficulty: "Easy",
  description: "",
  images: "",
  category: "Plant Care",
  availability: "Public",
};

/** The share and edit form: name and e-mail are shown read-only, from the signed-in user. */
export function TipForm({
  author,
  defaultValues,
  submitLabel,
  submittingLabel,
  onSubmit,
  serverError,
  imageRequired = true,
}: {
  author: { name: string; email: string };
  defaultValues?: Partial<TipFormInput>;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (values: TipFormValues) => Promise<void>;
  serverError?: string;
  imageRequired?: boolean;
}) {
  const form = useForm<TipFormInput, unknown, TipFormValues>({
    // The field is always a string in the form; only the parsed value may be null.
    resolver: (imageRequired
      ? zodResolver(TipFormSchema)
      : zodResolver(TipFormOptionalImageSchema)) as Resolver<TipFormInput, unknown, TipFormValues>,
    defaultValues: { ...EMPTY, ...defaultValues },
  });
  const { errors, isSubmitting } = form.formState;
  const current = (defaultValues?.availability ?? "Public") as Availability;
  // Simple forms offer Public/Hidden (spec section 4); a private tip keeps its option when edited.
  const availabilityOptions: Availability[] =
    current === "Private" ? ["Public", "Hidden", "Private"] : ["Public", "Hidden"];

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4 md:grid-cols-2">
      <TextField label="Your name" value={author.name} readOnly className="bg-base-200" name="name" />
      <TextField
        label="Your email"
        type="email"
        value={author.email}
        readOnly
        className="bg-base-200"
        name="email"
      />
      <div className="md:col-span-2">
        <TextField
          label="Title"
          placeholder="e.g. Water tomatoes deeply, not often"
          error={errors.title?.message}
          {...form.register("title")}
        />
      </div>
      <TextField
        label="Plant type"
        placeholder="e.g. Tomato"
        error={errors.plantType?.message}
        {...form.register("plantType")}
      />
      <SelectField label="Difficulty" error={errors.difficulty?.message} {...form.register("difficulty")}>
        {DIFFICULTIES.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </SelectField>
      <SelectField label="Category" error={errors.category?.message} {...form.register("category")}>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Availability"
        error={errors.availability?.message}
        {...form.register("availability")}
      >
        {availabilityOptions.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </SelectField>
      <div className="md:col-span-2">
        <TextField
          label="Image URL"
          type="url"
          placeholder="https://example.com/my-garden.jpg"
          hint={imageRequired ? undefined : "Optional: leave empty to show the default plant picture."}
          error={errors.images?.message}
          {...form.register("images")}
        />
      </div>
      <div className="flex flex-col gap-1 md:col-span-2">
        <label htmlFor="tip-description" className="text-sm font-medium">
          Description
        </label>
        <textarea
          id="tip-description"
          rows={6}
          className={`textarea w-full ${errors.description ? "textarea-error" : ""}`}
          placeholder="What to do, when, and why it works"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "tip-description-error" : undefined}
          {...form.register("description")}
        />
        {errors.description && (
          <p id="tip-description-error" className="text-sm text-error">
            {errors.description.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3 md:col-span-2">
        <FormError message={serverError ?? ""} />
        <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {isSubmitting ? submittingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

function SelectField({
  label,
  error,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  ref?: React.Ref<HTMLSelectElement>;
}) {
  const id = `tip-${String(select.name)}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${error ? "select-error" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
