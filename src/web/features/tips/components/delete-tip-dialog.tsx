import { useEffect, useRef } from "react";

/** The delete confirmation (spec section 5) as an accessible modal dialog, not window.confirm. */
export function DeleteTipDialog({
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
          <p className="text-sm break-words text-base-content/80">“{tipTitle}” will be removed for good.</p>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel} disabled={deleting}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={deleting}>
            {deleting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Delete
          </button>
        </div>
      </div>
    </dialog>
  );
}
