import { createContext, useContext, useSyncExternalStore } from "react";

/** What the form shows about its uploads: the submit button's label, and why a save did not happen. */
export interface UploadsSnapshot {
  /** Whether a field's file is still on its way to the server. */
  busy: boolean;
  /** The share sent so far (0 to 1), the least of the fields still uploading. */
  progress: number;
  /** Whether the member pressed save and the form waits for the upload to finish before it saves. */
  waiting: boolean;
  /** Why a save that waited did not happen: the upload was cancelled or refused. */
  stopped: "cancelled" | "failed" | null;
}

const IDLE: UploadsSnapshot = { busy: false, progress: 0, waiting: false, stopped: null };

interface InFlight {
  done: Promise<unknown>;
  progress: number;
}

/**
 * The uploads of one form's fields. A field reports the file it sends (`track`) and how far it got
 * (`report`); the form asks `settle()` before it validates and saves, so a save pressed while a photo
 * still uploads waits for it instead of failing on the empty field or saving without the photo.
 */
export class PendingUploads {
  private readonly inFlight = new Map<string, InFlight>();
  /** Uploads a newer file of the same field replaced: their end says nothing about the save. */
  private readonly superseded = new WeakSet<Promise<unknown>>();
  private snapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private waiting = false;
  private stopped: UploadsSnapshot["stopped"] = null;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  /** Fields whose files are still uploading. */
  fields(): string[] {
    return [...this.inFlight.keys()];
  }

  /** `done` settles when the field's upload ends: fulfilled once its value is set, rejected otherwise. */
  track(field: string, done: Promise<unknown>) {
    const previous = this.inFlight.get(field);
    if (previous) this.superseded.add(previous.done);
    this.inFlight.set(field, { done, progress: 0 });
    this.stopped = null;
    const forget = () => {
      if (this.inFlight.get(field)?.done !== done) return;
      this.inFlight.delete(field);
      this.publish();
    };
    done.then(forget, forget);
    this.publish();
  }

  report(field: string, progress: number) {
    const current = this.inFlight.get(field);
    if (!current || current.progress === progress) return;
    current.progress = progress;
    this.publish();
  }

  /**
   * Waits until no field uploads: true when every upload that was running succeeded, false when one was
   * cancelled or refused (nothing is saved then; the field says why). A file chosen meanwhile is waited for
   * too. Returns at once when nothing uploads.
   */
  async settle(isCancel: (error: unknown) => boolean): Promise<boolean> {
    if (this.inFlight.size === 0) {
      // A save pressed again after a stopped one: the old reason no longer applies.
      if (this.stopped) {
        this.stopped = null;
        this.publish();
      }
      return true;
    }
    this.waiting = true;
    this.stopped = null;
    this.publish();
    try {
      while (this.inFlight.size > 0) {
        const running = [...this.inFlight.values()].map((upload) => upload.done);
        const results = await Promise.allSettled(running);
        const failure = results.find(
          (result, i) => result.status === "rejected" && !this.superseded.has(running[i] as Promise<unknown>),
        ) as PromiseRejectedResult | undefined;
        if (failure) {
          this.stopped = isCancel(failure.reason) ? "cancelled" : "failed";
          return false;
        }
      }
      return true;
    } finally {
      this.waiting = false;
      this.publish();
    }
  }

  private publish() {
    const uploads = [...this.inFlight.values()];
    this.snapshot = {
      busy: uploads.length > 0,
      progress: uploads.length ? Math.min(...uploads.map((upload) => upload.progress)) : 0,
      waiting: this.waiting,
      stopped: this.stopped,
    };
    for (const listener of this.listeners) listener();
  }
}

export const PendingUploadsContext = createContext<PendingUploads | null>(null);

/** The surrounding form's uploads, for a field that sends a file. */
export function usePendingUploads(): PendingUploads {
  const uploads = useContext(PendingUploadsContext);
  if (!uploads) throw new Error("usePendingUploads() must be used inside a <Form>");
  return uploads;
}

/** What the surrounding form's uploads look like now; re-renders when it changes. */
export function useUploadsState(): UploadsSnapshot {
  const uploads = useContext(PendingUploadsContext);
  return useSyncExternalStore(
    uploads?.subscribe ?? noSubscribe,
    uploads?.getSnapshot ?? idle,
    uploads?.getSnapshot ?? idle,
  );
}

const noSubscribe = () => () => {};
const idle = () => IDLE;
