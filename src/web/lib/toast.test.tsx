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
  it("still show each message, say an error as an alert, close when asked and after their time", async () => {
    render(<ToastHost eager />);
    toast.error("Your like could not be saved: We could not reach the server.");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your like could not be saved: We could not reach the server.");

    toast.success("Tip deleted successfully!", { duration: 200 });
    expect(await screen.findByRole("status")).toHaveTextContent("Tip deleted successfully!");
    // The success goes by itself after its 200 ms; the error stays until its own time or a close.
    await vi.waitFor(() => expect(screen.queryByRole("status")).toBeNull(), { timeout: 3000 });
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => toast.error("Sharing failed: We could not reach the server."));
    expect(await screen.findByRole("alert")).toHaveTextContent("Sharing failed");
  });
});
