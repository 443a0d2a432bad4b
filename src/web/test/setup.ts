import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(" ")).join("\n");
    consoleError.mockClear();
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
