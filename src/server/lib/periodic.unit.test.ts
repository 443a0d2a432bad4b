import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "./periodic.ts";

describe("runEvery", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const quiet = () => ({ error: vi.fn(), warn: vi.fn() });

  it("runs at once and then every interval, until stopped", async () => {
    const run = vi.fn(async () => {});
    const stop = runEvery({ name: "A job", everyMs: 1000, logger: quiet(), run });
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it("waits firstAfterMs before the first run when asked", async () => {
    const run = vi.fn(async () => {});
    const stop = runEvery({ name: "A job", everyMs: 10_000, firstAfterMs: 500, logger: quiet(), run });
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
    stop();
  });

  it("skips a turn that comes while a run is still going, rather than running two at once", async () => {
    let finish = () => {};
    let running = 0;
    let most = 0;
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          running += 1;
          most = Math.max(most, running);
          finish = () => {
            running -= 1;
            resolve();
          };
        }),
    );
    const stop = runEvery({ name: "A slow job", everyMs: 100, logger: quiet(), run });
    await vi.advanceTimersByTimeAsync(350);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    stop();
  });

  it("logs a failed run with the job's name and runs again at the next turn", async () => {
    const logger = quiet();
    const run = vi.fn().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(undefined);
    const stop = runEvery({ name: "The mail sweep", everyMs: 30_000, logger, failureLevel: "warn", run });
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.warn).toHaveBeenCalledWith(
      "The mail sweep failed; it runs again in 30 seconds",
      expect.objectContaining({ message: "database away" }),
    );
    expect(logger.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    stop();
  });
});
