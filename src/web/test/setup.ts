import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { server } from "./msw.ts";

// What jsdom lacks and the pages use: modal dialogs and scrolling (both no more than their state here).
// A test of the server's rendering runs in Node, without a DOM at all.
const inBrowser = typeof window !== "undefined";
if (inBrowser && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
if (inBrowser) window.scrollTo = () => {};

// findBy and waitFor give up after 1 s by default; lazy imports (the toaster) can take longer when the
// machine is busy with other test workers.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

const consoleError = vi.spyOn(console, "error");
/** jsdom does not know HTML's <search> element yet (browsers do), so React warns about it there only. */
const jsdomGap = (args: unknown[]) =>
  String(args[0]).startsWith("The tag <%s> is unrecognized in this browser") && args[1] === "search";
afterEach(() => {
  if (inBrowser) cleanup();
  server.resetHandlers();
  const calls = consoleError.mock.calls.filter((args) => !jsdomGap(args));
  consoleError.mockClear();
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`console.error was called during the test:\n${printed}`);
  }
});
