import type { Logger } from "./logger.ts";

export interface PeriodicJob {
  /** What the job does, for the log line when a run fails: "The moderation sweep". */
  name: string;
  everyMs: number;
  /** When the first run starts: at once (0, the default), or after a while (a start-up's quiet minute). */
  firstAfterMs?: number;
  logger: Pick<Logger, "error" | "warn">;
  /** How loudly a failed run is logged: a sweep that retries anyway warns. */
  failureLevel?: "error" | "warn";
  run: () => Promise<void>;
}

/**
 * Runs a job on this instance every `everyMs`, one run at a time: a turn that comes while a run is still
 * going is skipped, not queued. A run that fails is logged and the next turn runs as usual. The timers
 * keep no process alive. Answers the function that stops it.
 */
export function runEvery({
  name,
  everyMs,
  firstAfterMs = 0,
  logger,
  failureLevel = "error",
  run,
}: PeriodicJob): () => void {
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      logger[failureLevel](`${name} failed; it runs again in ${inWords(everyMs)}`, error);
    } finally {
      running = false;
    }
  };
  const first = firstAfterMs > 0 ? setTimeout(turn, firstAfterMs) : undefined;
  if (first) first.unref();
  else void turn();
  const timer = setInterval(turn, everyMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

function inWords(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? "an hour" : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? "a minute" : `${ms / 60_000} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}
