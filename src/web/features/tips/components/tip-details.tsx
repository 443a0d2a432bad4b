import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { Tip } from "#shared/schemas/tip.ts";
import {
  HiddenPendingReviewPage,
  HoldNotice,
  isHiddenPendingReview,
} from "#web/components/moderation/hold-notice.tsx";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { PageHead } from "#web/components/ui/page-head.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { useTip } from "../api/get-tip.ts";
import { useDeleteTipWithConfirmation } from "./delete-tip-dialog.tsx";
import { TIP_PAGE_CLASS, TipView, TipViewSkeleton } from "./tip-view.tsx";

/**
 * A tip's page with its loading, not-found and error states; its author can delete it from here. What
 * goes below the tip once it is shown (its comments) and beside its Like is the route's to compose.
 */
export function TipDetails({
  id,
  below,
  actions,
  about,
}: {
  id: string;
  below?: (tip: Tip) => ReactNode;
  /** More about the tip, shown with its facts above its description (when it is for), from the route. */
  about?: (tip: Tip) => ReactNode;
  /** What a reader can do beside Like (save it), composed by the route. */
  actions?: (tip: Tip) => ReactNode;
}) {
  const { user } = useUser();
  const tip = useTip(id);
  const navigate = useNavigate();
  const remove = useDeleteTipWithConfirmation({
    successMessage: "Deleted Successfully!",
    failureMessage: (error) => `The tip could not be deleted: ${error.message}`,
    // Replace: going back must not land on the page of a tip that no longer exists.
    onDeleted: () => navigate(paths.myTips.getHref(), { replace: true }),
  });

  return (
    <QueryView
      query={tip}
      loadingLabel="Loading tip…"
      loading={<TipViewSkeleton label="Loading tip…" />}
      errorTitle="We could not load this tip"
      head={<PageHead title="Tip details" description="A gardening tip shared by the community." />}
      notFound={
        isHiddenPendingReview(tip.error) ? (
          <HiddenPendingReviewPage
            error={tip.error}
            what="tip"
            action={{ to: paths.browseTips.getHref(), label: "Browse public tips" }}
          />
        ) : (
          <TipNotFound />
        )
      }
    >
      {(data) => {
        // A member's tip carries the e-mail only to its author.
        const isAuthor = data.email !== undefined && user?.email.toLowerCase() === data.email.toLowerCase();
        return (
          <div className={TIP_PAGE_CLASS}>
            {isAuthor && data.hold && (
              <div className="mx-auto max-w-4xl px-4 pt-6">
                <HoldNotice
                  hold={data.hold}
                  what="tip"
                  change={
                    <Link className="link" to={paths.updateTip.getHref(data._id)}>
                      Change it
                    </Link>
                  }
                />
              </div>
            )}
            {/* The server renders a member's tip page with the tip in it: Like and Delete wait for the script. */}
            <HydrationGate>
              <TipView
                tip={data}
                isAuthor={isAuthor}
                onDelete={() => remove.ask(data)}
                actions={actions?.(data)}
                about={about?.(data)}
              />
            </HydrationGate>
            {below?.(data)}
            {isAuthor && remove.dialog}
          </div>
        );
      }}
    </QueryView>
  );
}

function TipNotFound() {
  return (
    <MessagePage
      icon={<SearchX aria-hidden="true" className="size-14 text-base-content/60" />}
      title="This tip cannot be found"
      headTitle="Tip not found"
      text="It may have been deleted, or its author keeps it private."
      description="This gardening tip cannot be found: it may have been deleted."
      action={{ to: paths.browseTips.getHref(), label: "Browse public tips" }}
    />
  );
}
