import { FolderDown } from "lucide-react";
import { Link } from "react-router";
import type { DataRequest } from "#shared/schemas/account-data.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { useDataRequests } from "../api/data-export.ts";

const when = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : "–");

const STATE_WORDS: Record<DataRequest["state"], string> = {
  waiting: "Waiting",
  building: "Being prepared",
  ready: "Ready to download",
  expired: "Deleted after 48 hours",
  failed: "Failed",
  pending: "Waiting out the 7 days",
  cancelled: "Called off by the member",
  done: "Deleted",
};

const KIND_WORDS: Record<DataRequest["kind"], string> = {
  export: "Copy of their data",
  deletion: "Deletion of their account",
};

/**
 * For administrators: the copies members asked for of their data, under way or waiting to be downloaded,
 * the deletions of accounts waiting out their grace, and the past week's others. Who and when only.
 */
export function DataRequests() {
  const requests = useDataRequests();
  return (
    <QueryView
      query={requests}
      loadingLabel="Loading members' data requests…"
      errorTitle="We could not load them"
    >
      {(rows: DataRequest[]) =>
        rows.length === 0 ? (
          <EmptyState
            icon={<FolderDown aria-hidden="true" className="size-10" />}
            message="No member asked for a copy of their data or the deletion of their account this week."
          />
        ) : (
          <section
            className="overflow-x-auto rounded-box border border-base-300"
            aria-label="Members' data requests"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
            tabIndex={0}
          >
            <table className="table">
              <caption className="sr-only">
                Copies of their data and deletions of their accounts members asked for, newest first
              </caption>
              <thead>
                <tr className="text-base-content">
                  <th scope="col">Member</th>
                  <th scope="col">Asked for</th>
                  <th scope="col">Asked</th>
                  <th scope="col">State</th>
                  <th scope="col">Deleted from</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      {row.member.handle ? (
                        <Link className="link" to={paths.gardener.getHref(row.member.handle)}>
                          {row.member.name}
                        </Link>
                      ) : (
                        row.member.name
                      )}
                    </td>
                    <td>{KIND_WORDS[row.kind]}</td>
                    <td>{at(row.requestedAt)}</td>
                    <td>{STATE_WORDS[row.state]}</td>
                    <td>{at(row.kind === "deletion" ? row.dueAt : row.expiresAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      }
    </QueryView>
  );
}
