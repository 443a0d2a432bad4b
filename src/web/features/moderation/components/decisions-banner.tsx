import { Gavel } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";
import { useNotices } from "../api/get-notices.ts";
import { useMarkSeen } from "../api/mark-seen.ts";
import { decisionSentence } from "./decision-text.ts";

/**
 * Under the navigation on the member's next visit after a moderator decided about something they posted:
 * each decision not yet seen, with its reason and the way to appeal, until they mark it seen.
 */
export function DecisionsBanner() {
  const notices = useNotices();
  const markSeen = useMarkSeen();
  const unseen = (notices.data ?? []).filter((notice) => !notice.seen);
  if (unseen.length === 0) return null;
  return (
    <section aria-label="Moderators' decisions" className="border-b border-info/40 bg-info/10">
      <ul className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 text-sm">
        {unseen.map((notice) => (
          <li key={notice._id} className="flex flex-wrap items-start gap-x-3 gap-y-1">
            <Gavel aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 flex-1 wrap-anywhere" dir="auto">
              {decisionSentence(notice)} Reason: “{notice.decision.reason}”
            </span>
            <span className="flex gap-2">
              <Link className="link font-semibold" to={`${paths.myReports.getHref()}#decisions`}>
                {notice.appeal.until && !notice.appeal.filed ? "Details and appeal" : "Details"}
              </Link>
              <button
                type="button"
                className="link"
                onClick={() => markSeen.mutate(notice._id)}
                disabled={markSeen.isPending}
              >
                Got it
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
