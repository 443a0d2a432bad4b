import type { Logger } from "../../lib/logger.ts";

/**
 * Work done after the answer has gone, one job at a time, in order. A request that queues work answers
 * in the same time whatever the work turns out to be (ADR 031). The queue is bounded: past `limit`
 * waiting jobs, new ones are dropped and logged (the limits in front of the requests keep it far below).
 */
export function createAfterAnswerQueue({ limit, logger }: { limit: number; logger: Logger }) {
  const jobs: Array<{ what: string; run: () => Promise<unknown> }> = [];
  let running = false;

  async function drain() {
    running = true;
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      try {
        await job.run();
      } catch (error) {
        logger.error(`${job.what} failed`, error);
      }
    }
    running = false;
  }

  return {
    /** Queues `run`; it starts once the current request's answer is on its way. */
    push(what: string, run: () => Promise<unknown>) {
      if (jobs.length >= limit) {
        logger.warn(`${what} dropped: ${limit} jobs already wait`);
        return;
      }
      jobs.push({ what, run });
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    },
  };
}
