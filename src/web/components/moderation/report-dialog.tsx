import { useEffect, useId, useRef, useState } from "react";
import { REPORT_REASONS, type ReportTarget } from "#shared/constants.ts";
import { ReportInputSchema } from "#shared/schemas/moderation.ts";
import { FormError, SelectField, SubmitButton, TextareaField } from "#web/components/ui/form/fields.tsx";
import { Form } from "#web/components/ui/form/form.tsx";
import { sentenceCase } from "#web/lib/format.ts";
import { toast } from "#web/lib/toast.tsx";
import { useSendReport } from "./api/send-report.ts";

const ReportFormSchema = ReportInputSchema.pick({ reason: true, note: true });

/** The report dialog, open from the moment it is shown: the reason and a note, sent to POST /api/reports. */
export default function ReportDialog({
  targetType,
  targetId,
  what,
  onClose,
}: {
  targetType: ReportTarget;
  targetId: string;
  what: string;
  onClose: () => void;
}) {
  const sendReport = useSendReport();
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onClose} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="text-lg font-bold">
          Report {what}
        </h2>
        <p className="py-2 text-sm text-base-content/80">
          The moderators look at every report. You will see what they decided under Your reports.
        </p>
        <Form
          schema={ReportFormSchema}
          defaultValues={{ reason: "spam", note: "" }}
          aria-label={`Report ${what}`}
          className="flex flex-col gap-3"
          onSubmit={async ({ reason, note }) => {
            setError(null);
            try {
              // A repeat of an open report answers that report, and says so.
              const sent = await sendReport.mutateAsync({ targetType, targetId, reason, note });
              toast.success(
                sent.alreadyReported
                  ? "You reported this already: the moderators will look at it, once"
                  : "Thank you: the moderators will look at it",
              );
              onClose();
            } catch (failure) {
              setError(failure instanceof Error ? failure.message : "The report could not be sent");
            }
          }}
        >
          <SelectField name="reason" label="Reason" options={REPORT_REASONS} optionLabel={sentenceCase} />
          <TextareaField name="note" label="Note for the moderators (optional)" rows={3} />
          <FormError message={error} />
          <div className="modal-action mt-0">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <SubmitButton className="btn btn-primary">Send report</SubmitButton>
          </div>
        </Form>
      </div>
    </dialog>
  );
}
