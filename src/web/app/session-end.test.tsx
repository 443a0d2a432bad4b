import { QueryClientProvider, useMutation } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { apiClient } from "#web/lib/api-client.ts";
import { useLogout } from "#web/lib/auth.ts";
import { createQueryClient } from "#web/lib/query-client.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { RootLayout } from "./layouts/root-layout.tsx";
import { LoginRoute } from "./routes/auth/login.tsx";

const SUSPENDED =
  "Your account is suspended by the moderators until 2026-12-01 10:00 UTC. The e-mail we sent you about it says why, and has the link to appeal.";

/** A page of the app with a like (a call that needs the session) and Logout, under the root layout. */
function Page() {
  const like = useMutation({ mutationFn: () => apiClient.send("POST", "/tips/t1/like") });
  const logout = useLogout();
  return (
    <>
      <button type="button" onClick={() => like.mutate()}>
        Like
      </button>
      <button type="button" onClick={() => logout.mutate()}>
        Logout
      </button>
    </>
  );
}

/** The app as main.tsx makes it: its own query client (whose 401s read the session again) and routes. */
function renderApp() {
  const router = createMemoryRouter(
    [{ element: <RootLayout />, children: [{ path: "/", element: <Page /> }] }],
    { initialEntries: ["/"] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** From now on the server knows no session for this browser. */
function endSession() {
  server.use(http.get("*/api/auth/get-session", () => HttpResponse.json(null)));
}

describe("A member whose session ends", () => {
  // First in the file: the toasts outlive a test, and the notice must not be there yet.
  it("is not told they were signed out when they logged out themselves", async () => {
    signInAs(aUser());
    server.use(http.post("*/api/auth/sign-out", () => HttpResponse.json({ success: true })));
    renderApp();
    await userEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Logged out successfully")).toBeInTheDocument();
    expect(screen.queryByText(/You have been signed out/)).not.toBeInTheDocument();
  });

  it("is told they have been signed out when a call that was signed in answers 401", async () => {
    signInAs(aUser());
    server.use(
      http.post("*/api/tips/:id/like", () => {
        endSession();
        return HttpResponse.json({ message: "Sign in to do this" }, { status: 401 });
      }),
    );
    renderApp();
    await userEvent.click(await screen.findByRole("button", { name: "Like" }));
    expect(await screen.findByText(/You have been signed out/)).toBeInTheDocument();
  });

  it("is told by the sign-in page that the account is suspended, and until when", async () => {
    server.use(
      http.post("*/api/auth/sign-in/email", () => HttpResponse.json({ message: SUSPENDED }, { status: 403 })),
    );
    renderRoutes([{ path: "/login", element: <LoginRoute /> }], { route: "/login" });
    await userEvent.type(await screen.findByLabelText("Email"), "rosa@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "Correct Horse 7");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(SUSPENDED);
  });
});
