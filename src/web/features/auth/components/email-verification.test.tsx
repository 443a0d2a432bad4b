import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useUser } from "#web/lib/auth.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes, renderWithProviders } from "#web/test/render.tsx";
import { EmailVerification } from "./email-verification.tsx";

/** The verification status of whoever is signed in, as the profile shows it. */
function SignedInStatus() {
  const { user } = useUser();
  return user ? <EmailVerification email={user.email} verified={user.emailVerified} /> : null;
}

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

  it("explains a link that stopped working when the password changed", () => {
    renderWithProviders(<EmailVerification email="ivy@example.com" verified={false} />, {
      route: "/profile?error=PASSWORD_CHANGED",
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "This verification link stopped working when the password changed. Send yourself a new one.",
    );
  });

  it("confirms a link followed before signing in, in this session, and drops its token from the address", async () => {
    const me = aUser({ email: "ivy@example.com", emailVerified: false });
    signInAs(me);
    const asked: string[] = [];
    server.use(
      http.get("*/api/auth/verify-email", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("token") ?? "");
        signInAs({ ...me, emailVerified: true });
        return HttpResponse.json({ status: true, user: null });
      }),
    );
    const { router } = renderRoutes([{ path: "/profile", element: <SignedInStatus /> }], {
      route: "/profile?verify=link-token",
    });
    expect(await screen.findByRole("status")).toHaveTextContent("Your e-mail is verified.");
    expect(screen.getByTestId("email-status")).toHaveTextContent("Verified");
    expect(asked).toEqual(["link-token"]);
    expect(router.state.location.search).toBe("");
  });

  it("says why the server refused the link, and offers a new one", async () => {
    signInAs(aUser({ email: "ivy@example.com", emailVerified: false }));
    server.use(
      http.get("*/api/auth/verify-email", () =>
        HttpResponse.json(
          {
            code: "OTHER_ACCOUNT",
            message:
              "This link confirms the e-mail of another account. Sign out, then sign in with that account to confirm it.",
          },
          { status: 403 },
        ),
      ),
    );
    const { router } = renderRoutes([{ path: "/profile", element: <SignedInStatus /> }], {
      route: "/profile?verify=link-token",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link confirms the e-mail of another account.",
    );
    expect(screen.getByTestId("email-status")).toHaveTextContent("Not verified");
    expect(screen.getByRole("button", { name: "Resend verification e-mail" })).toBeEnabled();
    expect(router.state.location.search).toBe("");
  });
});
