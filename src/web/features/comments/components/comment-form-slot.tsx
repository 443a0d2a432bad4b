import { type RefObject, useCallback, useEffect, useId, useRef, useState } from "react";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { useWantedSoon } from "#web/hooks/use-wanted-soon.ts";
import { closeOnEscape } from "./close-on-escape.ts";
import type { CommentForm, CommentFormProps, Draft } from "./comment-form.tsx";

/**
 * The form's code (react-hook-form, zod: a third of the tip page's script) comes when a form is wanted,
 * not with the page: compiling it while a phone takes the page over blocked it longer than drawing 50
 * comments did. One import, shared by every form of the section.
 */
let code: Promise<typeof CommentForm> | undefined;
function loadCommentForm() {
  code ??= import("./comment-form.tsx").then((module) => module.CommentForm);
  // A failed download is asked for again next time, not remembered.
  code.catch(() => {
    code = undefined;
  });
  return code;
}

/** The form's code once `wanted`: the form, or that its download failed (with a retry), or still coming. */
function useCommentFormCode(wanted: boolean) {
  const [form, setForm] = useState<{ Form: typeof CommentForm } | "failed" | undefined>();
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry asks again
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadCommentForm().then(
      (Form) => {
        if (!live) return;
        setForm({ Form });
      },
      () => live && setForm("failed"),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  const retry = useCallback(() => {
    setForm(undefined);
    setAttempt((n) => n + 1);
  }, []);
  return { form, retry };
}

/**
 * A comment form wherever it is opened (a reply, a change): its code is asked for at once, and its shape
 * holds the place meanwhile.
 */
export function CommentFormSlot(props: CommentFormProps) {
  const { form, retry } = useCommentFormCode(true);
  if (form === "failed") return <FormFailed onRetry={retry} />;
  if (!form) return <FormShape {...props} />;
  return <form.Form {...props} />;
}

/**
 * The form to add a comment, under a tip: its code comes once the form is wanted soon (near the screen,
 * focused, or the page long quiet). Until then its shape is a real field: what a reader
 * types there, and where, is carried into the form that replaces it.
 */
export function NewCommentSlot(props: CommentFormProps) {
  const [ref, wanted] = useWantedSoon<HTMLDivElement>();
  const { form, retry } = useCommentFormCode(wanted);
  const shape = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);
  const draft = useRef<Draft | undefined>(undefined);
  // Read in the render that replaces the shape, which is drawn in the same task: no keystroke between.
  if (form && form !== "failed" && !draft.current && shape.current) {
    const typed = shape.current;
    draft.current = { body: typed.value, focused: focused.current, caret: typed.selectionEnd };
  }
  return (
    <div ref={ref}>
      {form === "failed" ? (
        <FormFailed onRetry={retry} />
      ) : form ? (
        <form.Form {...props} draft={draft.current} />
      ) : (
        <FormShape {...props} field={shape} focused={focused} />
      )}
    </div>
  );
}

/**
 * The form as it will be, before its code: the same label, field and button in the same places. The
 * field takes typing; the button waits, disabled, for the form.
 */
function FormShape({
  label,
  submit,
  replyTo,
  editing,
  onDone,
  autoFocus,
  field,
  focused,
}: CommentFormProps & { field?: RefObject<HTMLTextAreaElement | null>; focused?: RefObject<boolean> }) {
  const id = useId();
  return (
    <form
      aria-label={label}
      aria-busy="true"
      className="mt-3 mb-4 flex flex-col gap-2"
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={closeOnEscape(onDone)}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <textarea
          id={id}
          ref={field}
          name="body"
          className="textarea w-full"
          rows={replyTo || editing ? 2 : 3}
          defaultValue={editing?.body}
          readOnly={!field}
          // biome-ignore lint/a11y/noAutofocus: only a reply or change the reader opened with its button; focus goes to its field, here and then in the form
          autoFocus={autoFocus}
          onFocus={() => {
            if (focused) focused.current = true;
          }}
          onBlur={() => {
            if (focused) focused.current = false;
          }}
        />
      </div>
      <div className="flex justify-end gap-2">
        {onDone && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled>
          {submit}
        </button>
      </div>
    </form>
  );
}

function FormFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorState
      title="The comment form could not be loaded"
      message="Check your connection and try again."
      onRetry={onRetry}
      retrying={false}
    />
  );
}
