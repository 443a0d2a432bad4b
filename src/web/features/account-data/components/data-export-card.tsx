import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import type { DataExport, DataExportStatus } from "#shared/schemas/account-data.ts";
import { QueryView } from "#web/components/ui/query-view.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.tsx";
import { useDataExport, useRequestExport } from "../api/data-export.ts";

/** The card's own place on the profile: notifications and e-mails lead here. */
const DATA_EXPORT_ANCHOR = "your-data";

const when = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

function sizeInWords(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/**
 * "Your data" on the profile: ask for a copy of everything the member gave, watch it being built, and
 * download it while it is kept (48 hours). One copy a day.
 */
export function DataExportCard() {
  const status = useDataExport();
  const headingId = useId();
  const card = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = status.isSuccess;
  // Opened from the notification or the e-mail: the card is what the member came for.
  useEffect(() => {
    if (loaded && hash === `#${DATA_EXPORT_ANCHOR}`) card.current?.scrollIntoView({ block: "start" });
  }, [loaded, hash]);
  return (
    <section
      ref={card}
      id={DATA_EXPORT_ANCHOR}
      className="card-body scroll-mt-20 gap-3"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="card-title">
        Your data
      </h2>
      <p className="text-base-content/80">
        Download a copy of everything you gave Gardening Community: your profile, tips, comments, likes,
        follows, bookmarks, settings, reports and the photos you uploaded, in one zip file with a page to read
        your tips offline. We prepare it in the background and tell you when it is ready.
      </p>
      <QueryView
        query={status}
        loadingLabel="Loading your data copies…"
        errorTitle="We could not load your data copies"
      >
        {(data) => <ExportState status={data} />}
      </QueryView>
    </section>
  );
}

/** What a screen reader hears when the copy's state changes: once per state, never each percent. */
const ANNOUNCED: Record<DataExport["state"], string> = {
  waiting: "Preparing your copy.",
  building: "Preparing your copy.",
  ready: "Your copy is ready to download.",
  expired: "",
  failed: "We could not prepare your copy.",
};

function ExportState({ status }: { status: DataExportStatus }) {
  const request = useRequestExport();
  const queryClient = useQueryClient();
  const { latest, nextAllowedAt } = status;
  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success("We are preparing your copy. We will tell you when it is ready."),
      onError: (error) => {
        toast.error(errorMessage(error));
        // Refused: another copy may have been asked elsewhere; show it as the server has it.
        void queryClient.invalidateQueries({ queryKey: queryKeys.dataExport });
      },
    });
  const building = latest?.state === "waiting" || latest?.state === "building";
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {latest ? ANNOUNCED[latest.state] : ""}
      </p>
      {latest && <LatestCopy copy={latest} />}
      {!building &&
        (nextAllowedAt ? (
          <p className="text-sm text-base-content/80">
            You can ask for another copy from {when.format(new Date(nextAllowedAt))} (one a day).
          </p>
        ) : (
          <div>
            <button type="button" className="btn btn-primary" disabled={request.isPending} onClick={ask}>
              <Download aria-hidden="true" className="size-4" />
              {request.isPending ? "Asking…" : latest ? "Ask for a new copy" : "Download your data"}
            </button>
          </div>
        ))}
    </div>
  );
}

function LatestCopy({ copy }: { copy: DataExport }) {
  const asked = when.format(new Date(copy.requestedAt));
  switch (copy.state) {
    case "waiting":
    case "building": {
      const { done, total } = copy.progress;
      const percent = total > 0 ? Math.round((done / total) * 100) : 0;
      return (
        <div className="flex flex-col gap-1">
          <p>
            Preparing your copy, asked {asked}: {total > 0 ? `${percent} %` : "starting"}. You can leave this
            page; we will tell you when it is ready.
          </p>
          <progress
            className="progress progress-primary w-full"
            value={total > 0 ? done : undefined}
            max={total > 0 ? total : undefined}
            aria-label="How much of your copy is ready"
          />
        </div>
      );
    }
    case "ready":
      return (
        <div className="flex flex-col gap-2">
          <p>
            Your copy is ready ({sizeInWords(copy.size ?? 0)}). The link works for you, signed in, until{" "}
            {when.format(new Date(copy.expiresAt ?? copy.requestedAt))}; then the file is deleted.
          </p>
          {copy.downloadUrl && (
            <div>
              <a className="btn btn-primary" href={copy.downloadUrl} download>
                <Download aria-hidden="true" className="size-4" />
                Download the zip
              </a>
            </div>
          )}
        </div>
      );
    case "expired":
      return <p>Your copy asked {asked} was deleted after its 48 hours.</p>;
    case "failed":
      return (
        <p className="alert alert-error alert-soft">
          We could not prepare your copy asked {asked}. Nothing of yours changed: please ask again.
        </p>
      );
  }
}
