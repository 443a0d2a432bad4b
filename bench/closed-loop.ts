/**
 * A closed loop of writers: each of `writers` does one operation after another for `seconds`, as a member
 * tapping through the site would. Used for both sides of a comparison (through our server, straight to the
 * database), so the two are timed by the same code.
 */
export interface LoopResult {
  operationsPerSecond: number;
  p99: number;
  errors: number;
  /** The first few errors, said, so a failing run shows why. */
  firstErrors: string[];
  /** The p99 of each kind of operation, by the name the operation answered. */
  p99ByKind: Record<string, number>;
}

const p99Of = (sorted: number[]) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;

export async function closedLoop(
  writers: number,
  seconds: number,
  operation: (writer: number, step: number) => Promise<string>,
): Promise<LoopResult> {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const firstErrors: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let step = 0; performance.now() < deadline; step++) {
        const begun = performance.now();
        try {
          const kind = await operation(writer, step);
          const took = performance.now() - begun;
          latencies.push(took);
          const times = byKind.get(kind) ?? [];
          times.push(took);
          byKind.set(kind, times);
        } catch (error) {
          errors += 1;
          if (firstErrors.length < 3)
            firstErrors.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    operationsPerSecond: latencies.length / elapsed,
    p99: p99Of(latencies),
    errors,
    firstErrors,
    p99ByKind: Object.fromEntries(
      [...byKind].map(([kind, times]) => [kind, p99Of(times.sort((a, b) => a - b))]),
    ),
  };
}
