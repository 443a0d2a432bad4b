import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HttpResponse, http, server } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { ForgotPassword } from "./forgot-password-form.tsx";

describe("ForgotPassword", () => {
  it("opened from “This wasn't me”: says what a new password does, with the address filled in", async () => {
    const asked: unknown[] = [];
    server.use(
      http.post("*/api/auth/request-password-reset", async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    renderWithProviders(<ForgotPassword />, {
      route: "/auth/reset?email=ivy%40example.com&reason=not-me",
    });
    expect(screen.getByRole("note")).toHaveTextContent(
      "Someone created an account with your address. Choose a new password for it: every session of the account ends, and the account is yours.",
    );
    expect(screen.getByLabelText("Email")).toHaveValue("ivy@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(asked).toEqual([{ email: "ivy@example.com", redirectTo: "/auth/reset" }]);
  });

  it("opened on its own: an empty form and no notice", () => {
    renderWithProviders(<ForgotPassword />, { route: "/auth/reset" });
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });
});
