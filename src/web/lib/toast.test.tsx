import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ToastHost, toast } from "./toast.tsx";

// The connection went before the toasts' code came: importing it fails, as a chunk the browser cannot
// fetch does.
vi.mock("sonner", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/sonner.js");
});

describe("toasts when their code cannot be loaded", () => {
  it("still show each message, say an error as an alert until it is closed, a success for its time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<ToastHost eager />);
      toast.error("Your like could not be saved: We could not reach the server.");
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Your like could not be saved: We could not reach the server.");

      toast.success("Tip deleted successfully!", { duration: 200 });
      expect(await screen.findByRole("status")).toHaveTextContent("Tip deleted successfully!");
      // A minute later the success has gone by itself; the error is still there to be read.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(screen.queryByRole("status")).toBeNull();
      expect(screen.getByRole("alert")).toHaveTextContent("Your like could not be saved");
    } finally {
      vi.useRealTimers();
    }
    await userEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => toast.error("Sharing failed: We could not reach the server."));
    expect(await screen.findByRole("alert")).toHaveTextContent("Sharing failed");
  });
});
