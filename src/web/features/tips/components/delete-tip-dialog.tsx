import { useState } from "react";
import type { Tip } from "#shared/schemas/tip.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { toast } from "#web/lib/toast.tsx";
import { useDeleteTip } from "../api/delete-tip.ts";

/**
 * Deleting a tip after the confirmation: `ask(tip)` opens the dialog, `dialog` is the element to render.
 * The toasts are the caller's words (the specification has two pairs: simple pages and the dashboard).
 */
export function useDeleteTipWithConfirmation({
  successMessage,
  failureMessage,
  onDeleted,
  toast: toastOptions,
}: {
  successMessage: string;
  failureMessage: (error: Error) => string;
  onDeleted?: (tip: Tip) => void;
  /** How long the toasts stay (the dashboard's close after 3 s). */
  toast?: { duration: number };
}) {
  const remove = useDeleteTip();
  const [pending, setPending] = useState<Tip | null>(null);
  const dialog = (
    <ConfirmDialog
      title="Delete tip"
      question="Are you sure you want to delete this tip?"
      detail={
        <p className="text-sm wrap-anywhere text-base-content/80" dir="auto">
          “{pending?.title}” will be removed for good.
        </p>
      }
      confirmLabel="Delete"
      open={pending !== null}
      busy={remove.isPending}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (!pending) return;
        remove.mutate(pending._id, {
          onSuccess: () => {
            toast.success(successMessage, toastOptions);
            setPending(null);
            onDeleted?.(pending);
          },
          onError: (error) => toast.error(failureMessage(error), toastOptions),
        });
      }}
    />
  );
  return { ask: setPending, dialog };
}
