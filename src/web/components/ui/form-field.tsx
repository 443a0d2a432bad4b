import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its validation message, wired for screen readers. */
export function TextField({ label, error, hint, id, className, ref, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        ref={ref}
        className={`input w-full ${error ? "input-error" : ""} ${className ?? ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, ref, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className={`input w-full pr-1 ${error ? "input-error" : ""}`}>
        <input
          id={inputId}
          ref={ref}
          type={visible ? "text" : "password"}
          className="grow"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-controls={inputId}
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's answer to a failed form, in red under the form (spec section 2). */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-sm font-medium text-error">
      {message}
    </p>
  );
}
