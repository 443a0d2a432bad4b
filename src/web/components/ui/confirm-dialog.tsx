import { type ReactNode, useEffect, useId, useRef } from "react";
import { HydrationGate } from "./hydration-gate.tsx";

/**
 * A confirmation as an accessible modal dialog, never window.confirm: its title names it, Esc and Cancel
 * close it, and the confirming button shows that it is working and cannot be pressed twice.
 */
export function ConfirmDialog({
  title,
  question,
  detail,
  confirmLabel,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  question: string;
  /** Shown only while open: a closed dialog stays in the DOM, and its words would be on the page twice. */
  detail?: ReactNode;
  confirmLabel: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onCancel} onClose={onCancel}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <p className="py-4">{question}</p>
        {open && detail}
        {/* Pages that hold a dialog are rendered by the server too (ADR 037). */}
        <HydrationGate>
          <div className="modal-action">
            <button type="button" className="btn" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {confirmLabel}
            </button>
          </div>
        </HydrationGate>
      </div>
    </dialog>
  );
}
