import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { REDIRECT_DELAY_MS } from "#shared/constants.ts";
import { SuccessMessage } from "#web/components/ui/success-message.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useCreateTip } from "../api/create-tip.ts";
import { TipForm } from "./tip-form.tsx";

/** The dashboard's toasts close after 3 seconds, as the specification has it. */
const TOAST = { duration: 3000 };

/**
 * The dashboard's add form: name and e-mail from the account, difficulty and category
 * start on "Select", the image is optional, Public or Private. After success the toast, then My Tips 2
 * seconds later; a failure says so and keeps everything typed.
 */
export function AddTip({ confirmEmail }: { confirmEmail?: ReactNode } = {}) {
  const { user } = useUser();
  const createTip = useCreateTip();
  const navigate = useNavigate();
  const [added, setAdded] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => navigate(paths.dashboard.myTips.getHref()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [added, navigate]);

  if (!user) return null;
  if (added)
    return (
      // The toast says "Garden tip added successfully!"; this text must not repeat it.
      <SuccessMessage title="Your tip is added.">
        <p className="text-base-content/80">Taking you to My Tips…</p>
      </SuccessMessage>
    );
  return (
    <TipForm
      author={user}
      imageRequired={false}
      promptForDifficulty
      availabilityOptions={["Public", "Private"]}
      submitLabel="Add Tip"
      submittingLabel="Submitting..."
      serverError={createTip.error?.message}
      confirmEmail={confirmEmail}
      onSubmit={async (values) => {
        try {
          await createTip.mutateAsync(values);
        } catch {
          toast.error("Failed to add tip. Please try again.", TOAST);
          return;
        }
        toast.success("Garden tip added successfully!", TOAST);
        setAdded(true);
      }}
      actions={
        <Link to={paths.dashboard.root.getHref()} className="btn btn-ghost">
          Cancel
        </Link>
      }
    />
  );
}
