import { afterEach, expect, vi } from "vitest";

// Any console.error in a server test is a failure: errors must be expected and asserted, not printed.
const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(" ")).join("\n");
    consoleError.mockClear();
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});

// A test process that ends on its own (an uncaught error, a stray process.exit) leaves the runner only
// "Worker exited unexpectedly": say which file it was running and how it ended. Once per process: a
// worker runs several files (ADR 047), and this file runs before each.
const watching = Symbol.for("garden.test.exit-watch");
const processFlags = process as unknown as Record<symbol, boolean>;
if (!processFlags[watching]) {
  processFlags[watching] = true;
  process.once("exit", (code) => {
    if (code !== 0)
      process.stderr.write(
        `\nThe test process ${process.pid} exited with code ${code} while running ${expect.getState().testPath ?? "(no test)"}\n`,
      );
  });
}
