/**
 * Asks `probe` every `everyMs` until it answers something (not undefined): that answer, and the
 * milliseconds it took. Past `withinMs` it answers null, so a test can say what it waited for in its own
 * words, or measure how long a change took to show (a deadline, never a fixed sleep).
 */
export async function poll<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  { withinMs, everyMs = 20 }: { withinMs: number; everyMs?: number },
): Promise<{ value: T; ms: number } | null> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    const ms = performance.now() - started;
    if (value !== undefined) return { value, ms };
    if (ms > withinMs) return null;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** `poll`, for a wait that must end: `what` names it in the failure when it does not within `withinMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  options: { withinMs: number; everyMs?: number },
): Promise<T> {
  const found = await poll(probe, options);
  if (!found) throw new Error(`${what}: not within ${options.withinMs / 1000} s`);
  return found.value;
}
