import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** The label, hint and validation message around one input, with the ids that wire them together. */
function FieldShell({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
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

/** A labelled input with its hint and its validation message, wired for screen readers. */
export function TextField({ label, error, hint, id, className, ref, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          id={inputId}
          ref={ref}
          className={`input w-full ${error ? "input-error" : ""} ${className ?? ""}`}
          {...aria}
          {...input}
        />
      )}
    </FieldShell>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, ref, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={inputId} label={label} hint={hint} error={error}>
      {(aria) => (
        <div className={`input w-full pr-1 ${error ? "input-error" : ""}`}>
          <input
            id={inputId}
            ref={ref}
            type={visible ? "text" : "password"}
            className="grow"
            {...aria}
            {...input}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            onClick={() => setVisible((v) => !v)}
            aria-controls={inputId}
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

/** The server's answer to a failed form, in red under the form (spec section 2). */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-sm font-medium text-error">
      {message}
    </p>
  );
}
