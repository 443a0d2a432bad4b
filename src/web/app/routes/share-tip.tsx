import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { Tip } from "#shared/schemas/tip.ts";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { useCreateTip } from "#web/features/tips/api/tip-mutations.ts";
import { TipForm } from "#web/features/tips/components/tip-form.tsx";

export function ShareTipRoute() {
  const { user } = useAuth();
  const createTip = useCreateTip();
  const [created, setCreated] = useState<Tip | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (!user) return null;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>Share a Garden Tip - Gardening Community</title>
      <meta name="description" content="Share a gardening tip with the community." />
      <h1 className="text-3xl font-bold">Share a Garden Tip</h1>
      <p className="mt-1 mb-6 text-base-content/80">
        What has worked in your garden? Fellow gardeners would love to know.
      </p>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          {created ? (
            <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
              <CircleCheck aria-hidden="true" className="size-14 text-success" />
              <p className="text-xl font-semibold">Tip submitted successfully!</p>
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
            </div>
          ) : (
            <TipForm
              key={formKey}
              author={{ name: user.displayName, email: user.email }}
              submitLabel="Share Tip"
              submittingLabel="Submitting..."
              serverError={createTip.error?.message}
              onSubmit={async (values) => {
                try {
                  setCreated(await createTip.mutateAsync(values));
                  // Spec section 8: the toast, besides the message that takes the form's place.
                  toast.success("Garden tip added successfully!");
                } catch {
                  toast.error(
                    "Your tip could not be shared. Check the message under the form and try again.",
                  );
                }
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}
