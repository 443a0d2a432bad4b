import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { ReportTarget } from "#shared/constants.ts";
import { useUser } from "#web/lib/auth.ts";

// The form and its schema load when someone reports, not with every page that offers it.
const ReportDialog = lazy(() => import("./report-dialog.tsx"));

/**
 * "Report" on a tip, a comment, a gardener page or a photo: a dialog with the reason and a note. Shown to
 * signed-in members but on their own items (the server refuses those, and unverified accounts, anyway).
 */
export function ReportButton({
  targetType,
  targetId,
  what,
  own = false,
  className = "btn btn-ghost btn-xs",
}: {
  targetType: ReportTarget;
  targetId: string;
  /** Names the item for the button and the dialog: "comment by Ana B". */
  what: string;
  /** The caller's own item has no button. */
  own?: boolean;
  className?: string;
}) {
  const { user } = useUser();
  const [open, setOpen] = useState(false);
  if (!user || own) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-3.5" />
        Report<span className="sr-only"> {what}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            what={what}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
