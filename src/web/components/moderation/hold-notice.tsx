import { EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import { HIDDEN_PENDING_REVIEW, REMOVED_BY_MODERATORS } from "#shared/constants.ts";
import type { Hold } from "#shared/schemas/hold.ts";
import { MessagePage } from "#web/components/ui/message-page.tsx";
import { ApiClientError } from "#web/lib/api-client.ts";

/**
 * Whether an API refusal is the placeholder of an item on hold (pending review, or removed by a decision)
 * rather than "there is no such thing".
 */
export function isHiddenPendingReview(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    error.status === 404 &&
    (error.message === HIDDEN_PENDING_REVIEW || error.message === REMOVED_BY_MODERATORS)
  );
}

/**
 * In place of a tip or a gardener page on hold, for everyone but its author: pending review while a case
 * is open, removed once a moderator decided (the answer's message says which).
 */
export function HiddenPendingReviewPage({
  what,
  action,
  error,
}: {
  what: string;
  action: { to: string; label: string };
  error: unknown;
}) {
  const removed = error instanceof ApiClientError && error.message === REMOVED_BY_MODERATORS;
  return (
    <MessagePage
      icon={<EyeOff aria-hidden="true" className="size-14 text-base-content/60" />}
      title={removed ? REMOVED_BY_MODERATORS : HIDDEN_PENDING_REVIEW}
      text={
        removed
          ? `A moderator removed this ${what} after members reported it.`
          : `Members reported this ${what}. It is hidden until a moderator has looked at it.`
      }
      action={action}
    />
  );
}

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/**
 * What the author of an item on hold is told above it: that others see a placeholder, the reports'
 * reason, and what they may do: change it once to ask for it back, unless the whole account is on hold
 * or they already did.
 */
export function HoldNotice({ hold, what, change }: { hold: Hold; what: string; change?: ReactNode }) {
  return (
    <div role="status" className="alert alert-warning items-start">
      <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">
          {HIDDEN_PENDING_REVIEW}: reported as {hold.reason}
        </p>
        <p>Only you can see this {what}: everyone else sees a placeholder until a moderator decides.</p>
        {hold.onAccount ? (
          <p>
            Your account is on hold after reports from several members: you cannot post or change anything
            until a moderator has looked at them.
          </p>
        ) : hold.reviewAskedAt ? (
          <p>
            You changed it on {day.format(new Date(hold.reviewAskedAt))} and asked for it to be shown again. A
            moderator will decide.
          </p>
        ) : (
          <p>You may change it once to ask for it to be shown again. {change}</p>
        )}
      </div>
    </div>
  );
}
