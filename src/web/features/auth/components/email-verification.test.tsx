import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderWithProviders } from "#web/test/render.tsx";
import { EmailVerification } from "./email-verification.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("EmailVerification", () => {
  it("shows a verified e-mail as Verified, with nothing to resend", () => {
    renderWithProviders(<EmailVerification email="ivy@example.com" verified />);
    expect(screen.getByTestId("email-status")).toHaveTextContent("Verified");
    expect(screen.queryByRole("button", { name: "Resend verification e-mail" })).not.toBeInTheDocument();
  });

  it("resends the link to the user's e-mail and says where it went", async () => {
    const fetch = vi.fn(async () => jsonResponse({ status: true }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<EmailVerification email="ivy@example.com" verified={false} />);
    expect(screen.getByTestId("email-status")).toHaveTextContent("Not verified");
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Verification e-mail sent to ivy@example.com",
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain("/api/auth/send-verification-email");
    expect(JSON.parse(String(init.body))).toEqual({ email: "ivy@example.com", callbackURL: "/profile" });
  });

  it("shows the server's refusal and lets the user try again", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse({ message: "Too many verification e-mails. Try again in 60 seconds." }, { status: 429 }),
    );
    renderWithProviders(<EmailVerification email="ivy@example.com" verified={false} />);
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many verification e-mails");
    expect(screen.getByRole("button", { name: "Resend verification e-mail" })).toBeEnabled();
  });

  it("explains a verification link that did not work", () => {
    renderWithProviders(<EmailVerification email="ivy@example.com" verified={false} />, {
      route: "/profile?error=TOKEN_EXPIRED",
    });
    expect(screen.getByRole("alert")).toHaveTextContent("This verification link has expired.");
  });
});
