import { Eye, EyeOff } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";
import { type FieldError, get, useFormContext, useFormState } from "react-hook-form";
import { useUploadsState } from "./pending-uploads.ts";

type Aria = { "aria-invalid"?: true; "aria-describedby"?: string };

/** The label, hint and validation message around one control, with the ids that wire them together. */
function FieldShell({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (aria: Aria) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The registration and current error of a named field of the surrounding <Form>. */
function useField(name: string) {
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const fieldError: FieldError | undefined = get(errors, name);
  return { registration: register(name), error: fieldError?.message };
}

interface Common {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Classes for the field's wrapper (grid placement). */
  className?: string;
}

/** A labelled input of the surrounding <Form>, with its hint and validation message. */
export function TextField({
  name,
  label,
  hint,
  className,
  inputClassName,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className"> & { inputClassName?: string }) {
  const id = useId();
  const { registration, error } = useField(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <input
          id={id}
          className={`input w-full ${error ? "input-error" : ""} ${inputClassName ?? ""}`}
          {...aria}
          {...input}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

/** A value shown as a read-only input, outside the form's values (the author of a tip). */
export function ReadOnlyField({
  label,
  value,
  type = "text",
  className,
}: {
  label: ReactNode;
  value: string;
  type?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} className={className}>
      {() => <input id={id} type={type} value={value} readOnly className="input w-full bg-base-200" />}
    </FieldShell>
  );
}

/** A password input of the surrounding <Form> with a show/hide toggle. */
export function PasswordField({
  name,
  label,
  hint,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "className" | "type">) {
  const id = useId();
  const { registration, error } = useField(name);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <div className={`input w-full pr-1 ${error ? "input-error" : ""}`}>
          <input
            id={id}
            type={visible ? "text" : "password"}
            className="grow"
            {...aria}
            {...input}
            {...registration}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            onClick={() => setVisible((v) => !v)}
            aria-controls={id}
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {/* Named by content, not aria-label: getByLabel("Password") must find the input alone. The
                name says the action, so it changes with the state and aria-pressed would repeat it. */}
            <span className="sr-only">{visible ? "Hide password" : "Show password"}</span>
          </button>
        </div>
      )}
    </FieldShell>
  );
}

/**
 * A select of the surrounding <Form>; `placeholder` adds an empty first option ("Select"). `optionLabel`
 * words an option for the reader when its value is not already how it should read ("spam" → "Spam").
 */
export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  optionLabel,
  placeholder,
  ...select
}: Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "className" | "children"> & {
    options: readonly string[];
    optionLabel?: (option: string) => string;
    placeholder?: string;
  }) {
  const id = useId();
  const { registration, error } = useField(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <select
          id={id}
          className={`select w-full ${error ? "select-error" : ""}`}
          {...aria}
          {...select}
          {...registration}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel ? optionLabel(option) : option}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A multi-line text of the surrounding <Form>. */
export function TextareaField({
  name,
  label,
  hint,
  className,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "className">) {
  const id = useId();
  const { registration, error } = useField(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => (
        <textarea
          id={id}
          className={`textarea w-full ${error ? "textarea-error" : ""}`}
          {...aria}
          {...textarea}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

/** A checkbox of the surrounding <Form> whose label is a sentence (the terms of sign-up). */
export function CheckboxField({ name, label, className }: Omit<Common, "hint">) {
  const id = useId();
  const { registration, error } = useField(name);
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          id={id}
          type="checkbox"
          className="checkbox checkbox-primary checkbox-sm mt-0.5"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The form's submit button: disabled with a spinner and `pendingLabel` while the form submits, and with the
 * upload's progress while a save waits for a photo that is still on its way.
 */
export function SubmitButton({
  children,
  pendingLabel,
  className = "btn btn-primary",
  disabled,
}: {
  children: ReactNode;
  pendingLabel?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const { isSubmitting } = useFormState();
  const uploads = useUploadsState();
  const busy = isSubmitting || uploads.waiting;
  // While the save waits for a photo the button is the progress report: it stays legible (aria-disabled,
  // not the faded disabled look) and the form ignores presses meanwhile.
  return (
    <button
      type="submit"
      className={`${className} ${uploads.waiting ? "pointer-events-none" : ""}`}
      disabled={isSubmitting || disabled}
      aria-disabled={uploads.waiting || undefined}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {uploads.waiting
        ? `Uploading photo ${Math.round(uploads.progress * 100)} %...`
        : isSubmitting && pendingLabel
          ? pendingLabel
          : children}
    </button>
  );
}

/** Why a save that waited for an upload did not happen. */
const STOPPED_UPLOAD = {
  cancelled:
    "Nothing was saved: the photo upload was cancelled. Save again to go on without it, or choose it again.",
  failed:
    "Nothing was saved: the photo was not uploaded (the reason is under Photo). Choose the photo again, or another one.",
} as const;

/**
 * The server's answer to a failed form, in red under the form, or why a save that waited
 * for a photo did not happen.
 */
export function FormError({ message }: { message?: string | null }) {
  const { stopped } = useUploadsState();
  const shown = message || (stopped ? STOPPED_UPLOAD[stopped] : null);
  if (!shown) return null;
  return (
    <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-sm font-medium text-error">
      {shown}
    </p>
  );
}
