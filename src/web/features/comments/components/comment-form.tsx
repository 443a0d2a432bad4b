import { useLayoutEffect } from "react";
import { type Comment, CommentEditSchema } from "#shared/schemas/comment.ts";
import { FormError, SubmitButton, TextareaField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { useAddComment, useEditComment } from "../api/comments.ts";
import { closeOnEscape } from "./close-on-escape.ts";

export interface CommentFormProps {
  tipId: string;
  label: string;
  submit: string;
  replyTo?: string;
  editing?: Comment;
  /** Closes the form (Cancel, Escape, or once it is saved); a form without it stays, emptied, for the next. */
  onDone?: () => void;
  /** The comment as the server saved it, once it is. */
  onSaved?: (comment: Comment) => void;
  /** The field takes focus as the form opens: a reply or a change asked for with a button. */
  autoFocus?: boolean;
}

/** What was typed into the form's shape before the form came, and whether the typing goes on. */
export interface Draft {
  body: string;
  focused: boolean;
  caret: number;
}

/**
 * A new comment, a reply, or a change to one's own comment: what was typed stays when it is refused. One
 * error at a time: the server's last answer goes as soon as the form is sent again.
 */
export function CommentForm({
  tipId,
  label,
  submit,
  replyTo,
  editing,
  onDone,
  onSaved,
  autoFocus,
  draft,
}: CommentFormProps & { draft?: Draft }) {
  const add = useAddComment(tipId);
  const edit = useEditComment(tipId);
  const saving = editing ? edit : add;
  return (
    <Form
      schema={CommentEditSchema}
      defaultValues={{ body: editing?.body ?? draft?.body ?? "" }}
      aria-label={label}
      className="mt-3 mb-4 flex flex-col gap-2"
      onSubmitStart={saving.reset}
      onKeyDown={closeOnEscape(onDone)}
      onSubmit={async ({ body }, form) => {
        let saved: Comment;
        try {
          saved = editing
            ? await edit.mutateAsync({ id: editing._id, body })
            : await add.mutateAsync({ body, ...(replyTo ? { replyTo } : {}) });
        } catch {
          return; // Said under the form; the text stays.
        }
        // A form that stays (the one under the tip) is ready for the next comment, its field focused (before
        // the reset, which forgets the field until it renders again); one that closes gives focus back to
        // where it was opened from.
        if (!onDone) form.setFocus("body");
        form.reset({ body: "" });
        onSaved?.(saved);
        onDone?.();
      }}
    >
      <TextareaField
        name="body"
        label={label}
        rows={replyTo || editing ? 2 : 3}
        // Someone typing into the shape as the form replaced it goes on typing here.
        autoFocus={draft?.focused || autoFocus}
      />
      <FormError message={saving.error?.message} />
      <div className="flex justify-end gap-2">
        {onDone && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Cancel
          </button>
        )}
        <SubmitButton className="btn btn-primary btn-sm">{submit}</SubmitButton>
      </div>
      {draft?.focused && <KeepCaret caret={draft.caret} />}
    </Form>
  );
}

/** The caret of someone typing as the form came stays where it was. After the field, so it is there. */
function KeepCaret({ caret }: { caret: number }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form arrives
  useLayoutEffect(() => {
    const field = document.activeElement;
    if (field instanceof HTMLTextAreaElement) field.setSelectionRange(caret, caret);
  }, []);
  return null;
}
