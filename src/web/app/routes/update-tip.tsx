import { CircleCheck, ShieldX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { DEFAULT_TIP_IMAGE, REDIRECT_DELAY_MS } from "#shared/constants.ts";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { LoadingState } from "#web/components/ui/loading-state.tsx";
import { paths } from "#web/config/paths.ts";
import { useAuth } from "#web/features/auth/auth-provider.tsx";
import { useTip, useUpdateTip } from "#web/features/tips/api/tip-mutations.ts";
import { TipForm } from "#web/features/tips/components/tip-form.tsx";
import { ApiClientError } from "#web/lib/api-client.ts";

const DESCRIPTION = "Edit a gardening tip you have shared.";

/**
 * A tip without a picture of its own comes back with the default plant image's absolute URL; the form
 * shows such a tip's image field empty, so saving it does not store the default as the tip's own image.
 */
function ownImageOf(images: string): string {
  try {
    return new URL(images, window.location.origin).pathname === DEFAULT_TIP_IMAGE ? "" : images;
  } catch {
    return images;
  }
}

export function UpdateTipRoute() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  const tip = useTip(id);
  const update = useUpdateTip(id);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);

  // Spec: after a successful update, go to My Tips 2 seconds later.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(paths.myTips.getHref()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  if (!user) return null;
  if (tip.isPending) {
    return (
      <>
        <title>Update Tip - Gardening Community</title>
        <meta name="description" content={DESCRIPTION} />
        <LoadingState label="Loading tip…" />
      </>
    );
  }
  if (tip.isError) {
    if (tip.error instanceof ApiClientError && tip.error.status === 404) {
      return <Message title="This tip cannot be found" text="It may have been deleted." icon={null} />;
    }
    return (
      <>
        <title>Update Tip - Gardening Community</title>
        <meta name="description" content={DESCRIPTION} />
        <ErrorState
          title="We could not load this tip"
          message={tip.error.message}
          onRetry={() => tip.refetch()}
          retrying={tip.isFetching}
        />
      </>
    );
  }
  if (tip.data.email.toLowerCase() !== user.email.toLowerCase()) {
    return (
      <Message
        title="403: You can only edit your own tips"
        text="This tip belongs to another gardener."
        icon={<ShieldX aria-hidden="true" className="size-14 text-error" />}
      />
    );
  }

  const data = tip.data;
  const ownImage = ownImageOf(data.images);
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>Update Tip - Gardening Community</title>
      <meta name="description" content={DESCRIPTION} />
      <h1 className="text-3xl font-bold">Update Tip</h1>
      <p className="mt-1 mb-6 text-base-content/80 break-words">Editing “{data.title}”.</p>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          {saved ? (
            <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
              <CircleCheck aria-hidden="true" className="size-14 text-success" />
              {/* The toast says "Tip updated successfully!"; this text must not repeat it. */}
              <p className="text-xl font-semibold">Your changes are saved.</p>
              <p className="text-base-content/80">Taking you to My Tips…</p>
            </div>
          ) : (
            <TipForm
              author={{ name: data.name, email: data.email }}
              defaultValues={{
                title: data.title,
                plantType: data.plantType,
                difficulty: data.difficulty,
                description: data.description,
                images: ownImage,
                category: data.category as never,
                availability: data.availability,
              }}
              // A tip that never had a picture may stay without one (it shows the default plant image).
              imageRequired={ownImage !== ""}
              submitLabel="Update Tip"
              submittingLabel="Updating..."
              serverError={update.error?.message}
              onSubmit={async (values) => {
                try {
                  await update.mutateAsync(values);
                  toast.success("Tip updated successfully!");
                  setSaved(true);
                } catch {
                  // The message is shown under the form; nothing typed is lost.
                }
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function Message({ title, text, icon }: { title: string; text: string; icon: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <title>{`${title} - Gardening Community`}</title>
      <meta name="description" content={text} />
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-base-content/80">{text}</p>
      <Link to={paths.myTips.getHref()} className="btn btn-primary">
        Go to My Tips
      </Link>
    </section>
  );
}
