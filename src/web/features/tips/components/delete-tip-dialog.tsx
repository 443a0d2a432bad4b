import { useEffect, useRef, useState } from "react";
import type { Tip } from "#shared/schemas/tip.ts";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { toast } from "#web/lib/toast.tsx";
import { useDeleteTip } from "../api/delete-tip.ts";

/** The delete confirmation as an accessible modal dialog, not window.confirm. */
function DeleteTipDialog({
  tipTitle,
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  tipTitle: string;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="delete-tip-title"
      onCancel={onCancel}
      onClose={onCancel}
    >
      <div className="modal-box">
        <h2 id="delete-tip-title" className="text-lg font-bold">
          Delete tip
        </h2>
        <p className="py-4">Are you sure you want to delete this tip?</p>
        {/* Only while open: a closed dialog stays in the DOM, and the title would be on the page twice. */}
        {open && (
          <p className="text-sm wrap-anywhere text-base-content/80" dir="auto">
            “{tipTitle}” will be removed for good.
          </p>
        )}
        {/* A member's pages that hold this dialog are rendered by the server too (ADR 037). */}
        <HydrationGate>
          <div className="modal-action">
            <button type="button" className="btn" onClick={onCancel} disabled={deleting}>
              Cancel
            </button>
            <button type="button" className="btn btn-error" onClick={onConfirm} disabled={deleting}>
              {deleting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Delete
            </button>
          </div>
        </HydrationGate>
      </div>
    </dialog>
  );
}

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
    <DeleteTipDialog
      tipTitle={pending?.title ?? ""}
      open={pending !== null}
      deleting={remove.isPending}
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
