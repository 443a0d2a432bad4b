import os from "node:os";

/** How many photos are decoded at once, and how many more may wait for a turn (ADR 030). */
export interface PhotoQueueOptions {
  slots: number;
  waiting: number;
}

/** Photos that may wait per slot: a few seconds of work, and a few 10 MB bodies held in memory. */
const WAITING_PER_SLOT = 4;

/**
 * One decode per core but one, so a core is always left to the server's own requests (the decodes also
 * run below its CPU priority, in processes of their own: PhotoDecoder); one on a single core.
 */
export function defaultPhotoQueueOptions(cores = os.availableParallelism()): PhotoQueueOptions {
  const slots = Math.max(1, cores - 1);
  return { slots, waiting: slots * WAITING_PER_SLOT };
}

/** A photo's place in the queue: `run` waits for a slot; `leave` gives the place up (always call it). */
export interface QueuePlace {
  run<T>(work: () => Promise<T>): Promise<T>;
  leave(): void;
}

/**
 * The photos being processed: at most `slots` decoding at once, `waiting` more in line, and the rest
 * refused at once (the route answers 503 with Retry-After) instead of piling up bodies in memory and
 * decodes in the thread pool. A place is taken before the body is read, so a refused upload's body is
 * never parsed or kept.
 */
export class PhotoQueue {
  private admitted = 0;
  private running = 0;
  private readonly turns: Array<() => void> = [];
  /** Seconds a photo has taken lately (a moving average), to say how long to wait. */
  private secondsPerPhoto = 1;

  constructor(readonly options: PhotoQueueOptions = defaultPhotoQueueOptions()) {}

  /** A place for one photo, or null when the queue is full. */
  enter(): QueuePlace | null {
    if (this.admitted >= this.options.slots + this.options.waiting) return null;
    this.admitted += 1;
    let left = false;
    return {
      run: (work) => this.inTurn(work),
      leave: () => {
        if (left) return;
        left = true;
        this.admitted -= 1;
      },
    };
  }

  /** Seconds until the queue has room again, as far as the photos it holds tell. */
  retryAfter(): number {
    return Math.max(1, Math.ceil((this.secondsPerPhoto * this.admitted) / this.options.slots));
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.slots) await new Promise<void>((resolve) => this.turns.push(resolve));
    else this.running += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      const seconds = (performance.now() - started) / 1000;
      this.secondsPerPhoto = 0.8 * this.secondsPerPhoto + 0.2 * seconds;
      // The slot passes straight to the next in line, so `running` never drops below while some wait.
      const next = this.turns.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
