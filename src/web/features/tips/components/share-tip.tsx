import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import { SuccessMessage } from "#web/components/ui/success-message.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useCreateTip } from "../api/create-tip.ts";
import { TipForm } from "./tip-form.tsx";

/** The share form; after success "Tip submitted successfully!" takes its place. */
export function ShareTip({ confirmEmail }: { confirmEmail?: ReactNode } = {}) {
  const { user } = useUser();
  const createTip = useCreateTip();
  const [created, setCreated] = useState<Tip | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  if (created)
    return (
      <SuccessMessage title="Tip submitted successfully!">
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={paths.tip.getHref(created._id)} className="btn btn-primary">
            View your tip
          </Link>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setCreated(null);
              setFormKey((k) => k + 1);
            }}
          >
            Share another tip
          </button>
        </div>
      </SuccessMessage>
    );

  return (
    <TipForm
      key={formKey}
      author={user}
      submitLabel="Share Tip"
      submittingLabel="Submitting..."
      serverError={createTip.error?.message}
      confirmEmail={confirmEmail}
      onSubmit={async (values) => {
        try {
          setCreated(await createTip.mutateAsync(values));
          // The specification's toast, besides the message that takes the form's place.
          toast.success("Garden tip added successfully!");
        } catch {
          toast.error("Your tip could not be shared. Check the message under the form and try again.");
        }
      }}
    />
  );
}
