import { useLayoutEffect } from "react";
import { type Comment, CommentEditSchema } from "#shared/schemas/comment.ts";
import { FormError, SubmitButton, TextareaField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { useAddComment, useEditComment } from "../api/comments.ts";

export interface CommentFormProps {
  tipId: string;
  label: string;
  submit: string;
  replyTo?: string;
  editing?: Comment;
  onDone?: () => void;
}

/** What was typed into the form's shape before the form came, and whether the typing goes on. */
export interface Draft {
  body: string;
  focused: boolean;
  caret: number;
}

/** A new comment, a reply, or a change to one's own comment: what was typed stays when it is refused. */
export function CommentForm({
  tipId,
  label,
  submit,
  replyTo,
  editing,
  onDone,
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
      onSubmit={async ({ body }, form) => {
        try {
          if (editing) await edit.mutateAsync({ id: editing._id, body });
          else await add.mutateAsync({ body, ...(replyTo ? { replyTo } : {}) });
        } catch {
          return; // Said under the form; the text stays.
        }
        form.reset({ body: "" });
        onDone?.();
      }}
    >
      <TextareaField
        name="body"
        label={label}
        rows={replyTo || editing ? 2 : 3}
        // Someone typing into the shape as the form replaced it goes on typing here.
        autoFocus={draft?.focused}
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
