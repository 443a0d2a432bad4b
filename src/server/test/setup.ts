import { afterEach, vi } from "vitest";

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
