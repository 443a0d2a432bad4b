import { AlarmClock, EyeOff, Flag, Inbox } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { MODERATION_ACTIONS, type ModerationAction } from "#shared/constants.ts";
import type { QueueItem } from "#shared/schemas/moderation.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormError, SelectField, SubmitButton, TextareaField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { paths } from "#web/config/paths.ts";
import { sentenceCase } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.tsx";
import { useDecide } from "../api/decide.ts";
import { useModerationQueue } from "../api/get-queue.ts";

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** What each action does, as the form offers it. */
const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: "Dismiss: show it again",
  hide: "Hide it",
  delete: "Delete it",
  warn: "Warn the author (and hide it)",
  suspend: "Suspend the author (and hide it)",
  keep_hold: "Keep the author's account on hold (and hide it)",
};
/** Each earlier decision, as the author's history lists it. */
const DECIDED: Record<ModerationAction, string> = {
  dismiss: "Left up",
  hide: "Hidden",
  delete: "Deleted",
  warn: "Hidden with a warning",
  suspend: "Hidden, author suspended",
  keep_hold: "Hidden, account kept on hold",
};
const DURATIONS = {
  "24 hours": 24,
  "72 hours": 72,
  "7 days": 168,
  "30 days": 720,
  indefinitely: null,
} as const;
type DurationLabel = keyof typeof DURATIONS;

const DecisionFormSchema = z.object({
  action: z.enum(MODERATION_ACTIONS.map((action) => ACTION_LABELS[action]) as [string, ...string[]], {
    error: "Choose what to do",
  }),
  duration: z.enum(Object.keys(DURATIONS) as [DurationLabel, ...DurationLabel[]]),
  reason: z
    .string()
    .trim()
    .min(1, { error: "Each action needs a reason", abort: true })
    .min(3, "Reason must be at least 3 characters")
    .max(1000, "Reason must be at most 1000 characters"),
});

const actionOf = (label: string) =>
  MODERATION_ACTIONS.find((action) => ACTION_LABELS[action] === label) ?? "dismiss";

/** The moderation queue: every open case, heaviest first, each with what is needed to decide it. */

/** How long the reporter has been a member, in words: "Joined today", "Member for 3 days", "… 5 months". */
function memberFor(joinedAt: string): string {
  const days = Math.floor((Date.now() - Date.parse(joinedAt)) / 86_400_000);
  if (days < 1) return "Joined today";
  if (days < 60) return `Member for ${days} ${days === 1 ? "day" : "days"}`;
  const months = Math.floor(days / 30);
  return months < 24 ? `Member for ${months} months` : `Member for ${Math.floor(days / 365)} years`;
}

export function ModerationQueue() {
  const queue = useModerationQueue();
  return (
    <QueryView query={queue} loadingLabel="Loading the queue…" errorTitle="We could not load the queue">
      {(items) =>
        items.length === 0 ? (
          <EmptyState
            icon={<Inbox aria-hidden="true" className="size-10" />}
            message="Nothing waits for a decision: reports appear here as members send them."
          />
        ) : (
          <>
            {items.some((item) => item.overdue) && (
              <p role="alert" className="alert alert-error mb-4">
                <AlarmClock aria-hidden="true" className="size-5" />
                {items.filter((item) => item.overdue).length} reported{" "}
                {items.filter((item) => item.overdue).length === 1 ? "item has" : "items have"} waited more
                than 48 hours.
              </p>
            )}
            <ol className="flex flex-col gap-6" aria-label="Reported items">
              {items.map((item) => (
                <li key={item._id}>
                  <QueueCard item={item} />
                </li>
              ))}
            </ol>
          </>
        )
      }
    </QueryView>
  );
}

const KIND: Record<QueueItem["targetType"], string> = {
  tip: "Tip",
  comment: "Comment",
  gardener: "Gardener page",
  photo: "Photo",
};

function QueueCard({ item }: { item: QueueItem }) {
  const heading = `${item.appeal ? "Appeal: " : ""}${KIND[item.targetType]} by ${item.author.name}`;
  return (
    <article aria-label={heading} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold wrap-anywhere">
            {item.appeal && "Appeal: "}
            {KIND[item.targetType]} by{" "}
            <Link className="link" to={paths.gardener.getHref(item.author.handle)}>
              {item.author.name}
            </Link>
          </h2>
          <span
            className="badge badge-neutral"
            title="Established members' reports weigh 2 each; an item hides at 4"
          >
            {item.weight === 0 ? "Reports count for nothing yet" : `Reports weigh ${item.weight}`}
          </span>
          {item.item.hidden && (
            <span className="badge badge-warning gap-1">
              <EyeOff aria-hidden="true" className="size-3" />
              hidden
            </span>
          )}
          {item.overdue && <span className="badge badge-error">waiting over 48 hours</span>}
          {item.author.held && <span className="badge badge-outline">account on hold</span>}
        </header>

        {item.appeal && (
          <section aria-label="The appeal" className="rounded-box border border-info/40 bg-info/10 p-4">
            <p className="font-semibold">
              {item.author.name} appeals the decision to {item.appeal.decision.action}
              {item.appeal.decision.action === "suspend" &&
                (item.appeal.decision.durationHours === null
                  ? " indefinitely"
                  : ` for ${item.appeal.decision.durationHours} hours`)}{" "}
              by {item.appeal.decision.moderator}, {when.format(new Date(item.appeal.decision.decidedAt))}: “
              {item.appeal.decision.reason}”
            </p>
            <q className="mt-1 block whitespace-pre-line wrap-anywhere" dir="auto">
              {item.appeal.note}
            </q>
            <p className="mt-1 text-sm text-base-content/80">
              Dismiss reverses the decision: the item shows again, and a suspension it brought ends.
            </p>
          </section>
        )}

        <section aria-label="The reported item" className="rounded-box bg-base-200 p-4">
          {item.item.gone ? (
            <p className="italic text-base-content/70">Deleted by its author since it was reported.</p>
          ) : (
            <>
              {item.item.title && <p className="font-semibold wrap-anywhere">{item.item.title}</p>}
              {item.item.text && (
                <p className="mt-1 whitespace-pre-line wrap-anywhere" dir="auto">
                  {item.item.text}
                </p>
              )}
              {item.item.image && (
                <img src={item.item.image} alt="What was reported" className="mt-2 max-h-48 rounded-box" />
              )}
              {item.item.reviewAskedAt && (
                <p className="mt-2 text-sm">
                  Its author changed it on {when.format(new Date(item.item.reviewAskedAt))} and asks for it
                  back.
                </p>
              )}
              {item.item.path && (
                <Link className="link mt-2 inline-block text-sm" to={item.item.path}>
                  Open on the site
                </Link>
              )}
            </>
          )}
        </section>

        <section aria-label="Reports">
          <h3 className="font-semibold">
            <Flag aria-hidden="true" className="mr-1 inline size-4" />
            {item.reports.length} {item.reports.length === 1 ? "report" : "reports"}
          </h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {item.reports.map((report) => (
              <li key={`${report.reporter.handle}-${report.createdAt}`}>
                <span className="font-medium">{sentenceCase(report.reason)}</span> from{" "}
                <Link className="link" to={paths.gardener.getHref(report.reporter.handle)}>
                  {report.reporter.name}
                </Link>
                , {when.format(new Date(report.createdAt))}
                <span className="flex flex-wrap gap-1 pt-1">
                  <span className="badge badge-ghost badge-sm">{memberFor(report.reporter.joinedAt)}</span>
                  <span className={`badge badge-sm ${report.weight > 0 ? "badge-success" : "badge-ghost"}`}>
                    {report.weight > 0 ? "Counts (established member)" : "Counts for nothing"}
                  </span>
                  <span className="badge badge-ghost badge-sm">
                    {report.reporter.record.upheld} upheld, {report.reporter.record.dismissed} dismissed
                    before
                  </span>
                  {report.reporter.sharesAddress && (
                    <span className="badge badge-warning badge-sm">
                      Shares an address with another reporter
                    </span>
                  )}
                </span>
                {report.note && (
                  <q className="block text-base-content/80 wrap-anywhere" dir="auto">
                    {report.note}
                  </q>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section aria-label="The author's history" className="text-sm">
          <h3 className="font-semibold">Earlier decisions about {item.author.name}</h3>
          {item.history.length === 0 ? (
            <p className="text-base-content/70">None.</p>
          ) : (
            <ul className="mt-1 list-inside list-disc">
              {item.history.map((entry) => (
                <li key={`${entry.decidedAt}-${entry.action}`}>
                  {DECIDED[entry.action]} ({KIND[entry.targetType].toLowerCase()}),{" "}
                  {when.format(new Date(entry.decidedAt))}: {entry.reason}
                </li>
              ))}
            </ul>
          )}
        </section>

        <DecisionForm item={item} heading={heading} />
      </div>
    </article>
  );
}

function DecisionForm({ item, heading }: { item: QueueItem; heading: string }) {
  const decide = useDecide();
  // Only a hold that reports put on the account can be kept; a suspension has its own end.
  const holdByReports = item.author.held && item.author.suspendedUntil === null;
  const actions = MODERATION_ACTIONS.filter((action) => action !== "keep_hold" || holdByReports);
  return (
    <Form
      schema={DecisionFormSchema}
      defaultValues={{ action: ACTION_LABELS.dismiss, duration: "72 hours", reason: "" }}
      aria-label={`Decide: ${heading}`}
      className="flex flex-col gap-3 border-t border-base-300 pt-4"
      onSubmit={async ({ action: label, duration, reason }) => {
        const action = actionOf(label);
        try {
          await decide.mutateAsync({
            caseId: item._id,
            action,
            reason,
            ...(action === "suspend" ? { durationHours: DURATIONS[duration] } : {}),
          });
          toast.success(`Decided: ${label}`);
        } catch {
          // Said under the form (a 409 names the decision another moderator took).
        }
      }}
    >
      {(form) => (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField name="action" label="Action" options={actions.map((a) => ACTION_LABELS[a])} />
            {actionOf(form.watch("action")) === "suspend" && (
              <SelectField name="duration" label="Suspended for" options={Object.keys(DURATIONS)} />
            )}
          </div>
          {holdByReports && (
            <p className="text-sm text-base-content/80">
              {item.author.name}'s account is on hold because of reports: every decision but a suspension or
              keeping the hold ends it.
            </p>
          )}
          <TextareaField name="reason" label="Reason (the author is told it)" rows={2} />
          <FormError message={decide.error?.message} />
          <div className="flex justify-end">
            <SubmitButton className="btn btn-primary">Decide</SubmitButton>
          </div>
        </>
      )}
    </Form>
  );
}
