import { MailX } from "lucide-react";
import { Link } from "react-router";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { useUnsubscribe, useUnsubscribeLink } from "../api/unsubscribe.ts";

/**
 * The page an e-mail's unsubscribe link opens: it says which e-mails the link stops and asks before it
 * does, since mail scanners open links on their own. No sign-in needed.
 */
export function UnsubscribeByLink({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const leave = useUnsubscribe(token);
  return (
    <QueryView query={link} loadingLabel="Reading your link…" errorTitle="This link does not work">
      {(state) =>
        state.subscribed ? (
          <div className="flex flex-col items-start gap-4">
            <p>
              Stop e-mails about <strong>{state.about}</strong>? You still see them in the site, under the
              bell.
            </p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={leave.isPending}
              onClick={() => leave.mutate()}
            >
              <MailX aria-hidden="true" className="size-4" />
              {leave.isPending ? "Unsubscribing…" : "Unsubscribe"}
            </button>
            {leave.error && (
              <p role="alert" className="text-error">
                Not done: {leave.error.message}
              </p>
            )}
          </div>
        ) : (
          <div role="status" className="flex flex-col items-start gap-2">
            <p>
              You are unsubscribed: no more e-mails about <strong>{state.about}</strong>.
            </p>
            <p className="text-base-content/80">
              Changed your mind? Turn them on again in{" "}
              <Link className="link" to={paths.profile.getHref()}>
                your profile
              </Link>
              .
            </p>
          </div>
        )
      }
    </QueryView>
  );
}
