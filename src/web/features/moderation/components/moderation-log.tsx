import { ScrollText, Undo2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import type { LogEntry } from "#shared/schemas/moderation.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormError, SubmitButton, TextareaField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { useUser } from "#web/lib/auth.ts";
import { toast } from "#web/lib/toast.tsx";
import { type LogFilter, useModerationLog } from "../api/get-log.ts";
import { useUndoDecision } from "../api/undo-decision.ts";

const at = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const FIELDS = ["moderator", "member", "from", "to"] as const;

/** Each action in words; one the site learns later shows as its name, "_" read as a space. */
const ACTIONS: Record<string, string> = {
  dismiss: "Dismissed (left up)",
  hide: "Hidden",
  delete: "Deleted",
  warn: "Warning (and hidden)",
  suspend: "Author suspended (and hidden)",
  keep_hold: "Account kept on hold (and hidden)",
  undo: "Decision undone",
  appeal: "Appeal filed",
  hold_account: "Account put on hold",
  release_account: "Account's hold ended",
  end_hold: "Account's hold ended",
  end_suspension: "Suspension ended",
  appoint_moderator: "Moderator appointed",
  remove_moderator: "Moderator's appointment ended",
  grant_administrator: "Administrator named",
  revoke_administrator: "Administrator's role ended",
};
const words = (action: string) => ACTIONS[action] ?? action.replaceAll("_", " ");

const UndoSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: "Undoing needs a reason", abort: true })
    .min(3, "Reason must be at least 3 characters")
    .max(1000, "Reason must be at most 1000 characters"),
});

/** An administrator's one step back from a decision: a reason, then the undoing. */
function UndoDecision({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const undo = useUndoDecision();
  if (!open)
    return (
      <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden="true" className="size-4" />
        Undo this decision
      </button>
    );
  return (
    <Form
      schema={UndoSchema}
      defaultValues={{ reason: "" }}
      aria-label={`Undo: ${words(entry.action)}`}
      className="mt-2 flex flex-col gap-2"
      onSubmit={async ({ reason }) => {
        try {
          await undo.mutateAsync({ entryId: entry.id, reason });
          toast.success("The decision is undone");
        } catch {
          // Said under the form (a 409 says why it cannot be undone).
        }
      }}
    >
      <TextareaField name="reason" label="Why undo it (kept in the log)" rows={2} autoFocus />
      <FormError message={undo.error?.message} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <SubmitButton className="btn btn-primary btn-sm">Undo it</SubmitButton>
      </div>
    </Form>
  );
}

function Party({ party }: { party: LogEntry["actor"] }) {
  return party.handle ? (
    <Link className="link" to={paths.gardener.getHref(party.handle)}>
      {party.name}
    </Link>
  ) : (
    <span>{party.name}</span>
  );
}

/** The filters, kept in the address so a filtered log can be shared and reloaded. */
function Filters({ filter, onChange }: { filter: LogFilter; onChange: (next: LogFilter) => void }) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange(
      Object.fromEntries(
        FIELDS.map((name) => [name, String(data.get(name) ?? "").trim()]).filter(([, value]) => value !== ""),
      ),
    );
  };
  const label = {
    moderator: "Moderator (handle)",
    member: "Member (handle)",
    from: "From (UTC)",
    to: "To (UTC)",
  };
  return (
    <form
      aria-label="Filter the log"
      onSubmit={submit}
      className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
    >
      {FIELDS.map((name) => (
        <div key={name} className="flex flex-col gap-1">
          <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
            {label[name]}
          </label>
          <input
            id={`${id}-${name}`}
            name={name}
            type={name === "from" || name === "to" ? "date" : "text"}
            defaultValue={filter[name] ?? ""}
            className="input input-bordered w-full"
          />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onChange({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

/** The moderation log for moderators: every action, newest first, filtered by moderator, member and days. */
export function ModerationLog() {
  const [params, setParams] = useSearchParams();
  const filter: LogFilter = Object.fromEntries(
    FIELDS.flatMap((name) => (params.get(name) ? [[name, params.get(name) as string]] : [])),
  );
  const log = useModerationLog(filter);
  const administrator = useUser().user?.role === "administrator";
  return (
    <>
      <Filters key={params.toString()} filter={filter} onChange={(next) => setParams({ ...next })} />
      <QueryView query={log} loadingLabel="Loading the log…" errorTitle="We could not load the log">
        {(data) => {
          const entries = data.pages.flatMap((page) => page.items);
          if (entries.length === 0)
            return (
              <EmptyState
                icon={<ScrollText aria-hidden="true" className="size-10" />}
                message="No action matches these filters."
              />
            );
          return (
            <>
              <ol className="flex flex-col gap-2" aria-label="Moderation log">
                {entries.map((entry) => (
                  <li key={entry.id} className="rounded-box border border-base-300 bg-base-100 p-3 text-sm">
                    <p>
                      <span className="font-semibold">{words(entry.action)}</span>{" "}
                      <span>
                        by <Party party={entry.actor} />
                      </span>{" "}
                      {entry.member && (
                        <>
                          <span>
                            about <Party party={entry.member} />
                          </span>{" "}
                        </>
                      )}
                      <span className="text-base-content/70">
                        on a {entry.target.type}, {at.format(new Date(entry.at))} UTC
                      </span>
                    </p>
                    <p className="mt-1 wrap-anywhere" dir="auto">
                      “{entry.reason}”
                    </p>
                    {administrator && entry.undoable && <UndoDecision entry={entry} />}
                  </li>
                ))}
              </ol>
              {log.hasNextPage && (
                <div className="mt-6 flex justify-center">
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => log.fetchNextPage()}
                    disabled={log.isFetchingNextPage}
                  >
                    {log.isFetchingNextPage ? "Loading…" : "Show more"}
                  </button>
                </div>
              )}
            </>
          );
        }}
      </QueryView>
    </>
  );
}
