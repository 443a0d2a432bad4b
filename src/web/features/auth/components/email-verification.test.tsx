import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HttpResponse, http, server } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { EmailVerification } from "./email-verification.tsx";

describe("EmailVerification", () => {
  it("shows a verified e-mail as Verified, with nothing to resend", () => {
    renderWithProviders(<EmailVerification email="ivy@example.com" verified />);
    expect(screen.getByTestId("email-status")).toHaveTextContent("Verified");
    expect(screen.queryByRole("button", { name: "Resend verification e-mail" })).not.toBeInTheDocument();
  });

  it("resends the link to the user's e-mail and says where it went", async () => {
    const sent: { url: string; body: unknown }[] = [];
    server.use(
      http.post("*/api/auth/send-verification-email", async ({ request }) => {
        sent.push({ url: request.url, body: await request.clone().json() });
        return HttpResponse.json({ status: true });
      }),
    );
    renderWithProviders(<EmailVerification email="ivy@example.com" verified={false} />);
    expect(screen.getByTestId("email-status")).toHaveTextContent("Not verified");
    await userEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Verification e-mail sent to ivy@example.com",
    );
    expect(sent[0]?.url).toContain("/api/auth/send-verification-email");
    expect(sent[0]?.body).toEqual({ email: "ivy@example.com", callbackURL: "/profile" });
  });

  it("shows the server's refusal and lets the user try again", async () => {
    server.use(
      http.post("*/api/auth/send-verification-email", () =>
        HttpResponse.json(
          { message: "Too many verification e-mails. Try again in 60 seconds." },
          { status: 429 },
        ),
      ),
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
