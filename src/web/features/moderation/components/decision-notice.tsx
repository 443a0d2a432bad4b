import { Gavel } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { APPEAL_NOTE_MAX } from "#shared/constants.ts";
import { AppealInputSchema, type Notice } from "#shared/schemas/moderation.ts";
import { FormError, SubmitButton, TextareaField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { toast } from "#web/lib/toast.tsx";
import { useAppeal } from "../api/appeal.ts";
import { decisionSentence } from "./decision-text.ts";

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
const minute = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const AppealFormSchema = AppealInputSchema.pick({ note: true });

/** The appeal's one field, sent with the decision's case and, from an e-mail link, its token. */
function AppealForm({ notice, token, onDone }: { notice: Notice; token?: string; onDone?: () => void }) {
  const appeal = useAppeal();
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      schema={AppealFormSchema}
      defaultValues={{ note: "" }}
      aria-label="Appeal this decision"
      className="mt-3 flex flex-col gap-3"
      onSubmit={async ({ note }) => {
        setError(null);
        try {
          await appeal.mutateAsync({ caseId: notice.decision.caseId, note, token });
          toast.success("Your appeal is with the moderators");
          onDone?.();
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : "The appeal could not be sent");
        }
      }}
    >
      <TextareaField
        name="note"
        label={`Why is the decision wrong? (at most ${APPEAL_NOTE_MAX.toLocaleString("en")} characters)`}
        rows={4}
      />
      <FormError message={error} />
      <div>
        <SubmitButton className="btn btn-primary">Send appeal</SubmitButton>
      </div>
    </Form>
  );
}

/** Where the appeal stands, or until when one may be made. */
function AppealState({ notice, token }: { notice: Notice; token?: string }) {
  const [open, setOpen] = useState(false);
  const { filed, until } = notice.appeal;
  if (filed) {
    const said =
      filed.status === "open"
        ? "You appealed: a moderator will decide."
        : filed.status === "reversed"
          ? "You appealed, and the decision was reversed."
          : "You appealed, and the decision was kept.";
    return (
      <p className="mt-2 text-sm">
        <span className="badge badge-ghost mr-2">
          {filed.status === "open" ? "Appeal waiting" : "Appeal decided"}
        </span>
        {said}
      </p>
    );
  }
  if (!until) return null;
  if (Date.parse(until) < Date.now())
    return (
      <p className="mt-2 text-sm text-base-content/70">
        The time to appeal ended {day.format(new Date(until))}.
      </p>
    );
  return (
    <div className="mt-2">
      <p className="text-sm text-base-content/80">
        You may appeal once, until {day.format(new Date(until))}.
      </p>
      {open ? (
        <AppealForm notice={notice} token={token} onDone={() => setOpen(false)} />
      ) : (
        <button type="button" className="btn btn-sm btn-outline mt-2" onClick={() => setOpen(true)}>
          Appeal
        </button>
      )}
    </div>
  );
}

/** One decision about what the member posted: what, why, when, and their appeal. */
export function DecisionNotice({ notice, token }: { notice: Notice; token?: string }) {
  const { item, decision } = notice;
  return (
    <article
      className="rounded-box border border-base-300 bg-base-100 p-4"
      aria-label={decisionSentence(notice)}
    >
      <p className="flex items-start gap-2 font-semibold">
        <Gavel aria-hidden="true" className="mt-1 size-4 shrink-0" />
        <span>{decisionSentence(notice)}</span>
      </p>
      <p className="mt-1 wrap-anywhere" dir="auto">
        The moderator's reason: “{decision.reason}”
      </p>
      {notice.suspendedUntil && (
        <p className="mt-1 text-sm">
          {notice.suspendedUntil === "indefinitely"
            ? "Your suspension lasts until the moderators lift it."
            : `Your suspension lasts until ${minute.format(new Date(notice.suspendedUntil))} UTC.`}
        </p>
      )}
      <p className="mt-1 text-sm text-base-content/70">
        Decided {minute.format(new Date(decision.decidedAt))} UTC
        {item.path && !item.gone && !token && (
          <>
            {" · "}
            <Link className="link" to={item.path}>
              See it
            </Link>
          </>
        )}
      </p>
      <AppealState notice={notice} token={token} />
    </article>
  );
}
