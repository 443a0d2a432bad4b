import { useState } from "react";
import { ErrorState } from "#web/components/ui/error-state.tsx";
import { LoadingState } from "#web/components/ui/loading-state.tsx";
import { useNoticeByLink } from "../api/lookup-notice.ts";
import { DecisionNotice } from "./decision-notice.tsx";

/**
 * The decision an e-mail's appeal link names, for an author who may not be able to sign in (a suspended
 * one): the token is in the link's fragment, which no server or log sees, and goes to the API in a POST.
 */
export function AppealByLink() {
  const [token] = useState(() => (typeof window === "undefined" ? "" : window.location.hash.slice(1)));
  const notice = useNoticeByLink(token);
  if (token === "")
    return (
      <ErrorState
        title="This link is incomplete"
        message="Open the link from the e-mail about the decision as it is, or sign in to see your decisions."
      />
    );
  if (notice.isPending) return <LoadingState label="Loading the decision…" />;
  if (notice.isError)
    return <ErrorState title="We could not open this decision" message={notice.error.message} />;
  return <DecisionNotice notice={notice.data} token={token} />;
}
