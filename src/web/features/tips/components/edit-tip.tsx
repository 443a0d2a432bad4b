import { ShieldX } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { REDIRECT_DELAY_MS } from "#shared/constants.ts";
import type { Tip } from "#shared/schemas/tip.ts";
import { FormCard } from "#web/components/ui/form-card.tsx";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageFrame } from "#web/components/ui/page-frame.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { PageHeader } from "#web/components/ui/page-header.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { SuccessMessage } from "#web/components/ui/success-message.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { useTip } from "../api/get-tip.ts";
import { useUpdateTip } from "../api/update-tip.ts";
import { TipForm } from "./tip-form.tsx";
import { ownImageOf } from "./tip-image.tsx";

const DESCRIPTION = "Edit a gardening tip you have shared.";
/** Where the dashboard's Edit asked to come back to (link state); My Tips otherwise. */
const RETURN_PLACES = [paths.myTips.getHref(), paths.dashboard.myTips.getHref()];

function useReturnTo(): string {
  const state: unknown = useLocation().state;
  const wanted =
    state && typeof state === "object" && "returnTo" in state
      ? String(state.returnTo)
      : paths.myTips.getHref();
  return RETURN_PLACES.includes(wanted) ? wanted : paths.myTips.getHref();
}
const toMyTips = { to: paths.myTips.getHref(), label: "Go to My Tips" };

/**
 * The prefilled edit form with its loading, not-found, not-yours (403) and error states; after saving, "Tip
 * updated successfully!" (the previous version's toast was a copy error) and `doneHref` 2 seconds later.
 */
export function EditTip({ id, confirmEmail }: { id: string; confirmEmail?: ReactNode }) {
  const { user } = useUser();
  const doneHref = useReturnTo();
  const tip = useTip(id);
  if (!user) return null;
  return (
    <QueryView
      query={tip}
      loadingLabel="Loading tip…"
      errorTitle="We could not load this tip"
      head={<PageHead title="Update Tip" description={DESCRIPTION} />}
      notFound={
        <MessagePage title="This tip cannot be found" text="It may have been deleted." action={toMyTips} />
      }
    >
      {(data) =>
        data.email?.toLowerCase() === user.email.toLowerCase() ? (
          <EditOwnTip tip={data} doneHref={doneHref} confirmEmail={confirmEmail} />
        ) : (
          <MessagePage
            icon={<ShieldX aria-hidden="true" className="size-14 text-error" />}
            title="You can only edit your own tips"
            text="This tip belongs to another gardener."
            action={toMyTips}
          />
        )
      }
    </QueryView>
  );
}

function EditOwnTip({
  tip,
  doneHref,
  confirmEmail,
}: {
  tip: Tip;
  doneHref: string;
  confirmEmail?: ReactNode;
}) {
  const update = useUpdateTip(tip._id);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const ownImage = ownImageOf(tip.images);

  // Spec: after a successful update, go on 2 seconds later.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(doneHref), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, doneHref]);

  return (
    <PageFrame measure="text">
      <PageHeader
        head={{ title: "Update Tip", description: DESCRIPTION }}
        title="Update Tip"
        text={<span dir="auto">Editing “{tip.title}”.</span>}
      />
      <FormCard>
        {saved ? (
          // The toast says "Tip updated successfully!"; this text must not repeat it.
          <SuccessMessage title="Your changes are saved.">
            <p className="text-base-content/80">Taking you back to My Tips…</p>
          </SuccessMessage>
        ) : (
          <TipForm
            author={{ name: tip.name, email: tip.email ?? "" }}
            savedPhoto={tip.photo ? { url: tip.images, ...tip.photo } : undefined}
            defaultValues={{
              title: tip.title,
              plantType: tip.plantType,
              difficulty: tip.difficulty,
              description: tip.description,
              images: ownImage,
              category: tip.category,
              availability: tip.availability,
              crops: tip.crops,
              when: tip.when ?? null,
            }}
            // Removing the photo is allowed: the tip then shows the default plant image.
            imageRequired={false}
            submitLabel="Update Tip"
            submittingLabel="Updating..."
            serverError={update.error?.message}
            confirmEmail={confirmEmail}
            actions={
              <Link to={doneHref} className="btn btn-ghost">
                Cancel
              </Link>
            }
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
      </FormCard>
    </PageFrame>
  );
}
