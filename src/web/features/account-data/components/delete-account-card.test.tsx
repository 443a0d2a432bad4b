import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AccountDeletion } from "#shared/schemas/account-data.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { DeleteAccountCard } from "./delete-account-card.tsx";

const show = () =>
  renderRoutes(
    [
      { path: "/profile", element: <DeleteAccountCard handle="rosa_grows" /> },
      { path: "/", element: <h1>Home</h1> },
    ],
    { route: "/profile" },
  );

function deletionServer(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post("*/api/account/delete", async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe("Delete your account", () => {
  it("asks what stays, the password and the handle, then signs out and says when", async () => {
    signInAs(aUser());
    const deletion: AccountDeletion = {
      _id: "d",
      keep: "anonymous",
      requestedAt: "2026-12-07T08:00:00.000Z",
      dueAt: "2026-12-14T08:00:00.000Z",
    };
    const bodies = deletionServer(() => HttpResponse.json(deletion, { status: 202 }));
    show();
    const user = userEvent.setup();
    const submit = await screen.findByRole("button", { name: "Delete my account" });
    // Nothing chosen, nothing typed: each field says what it needs, and nothing is sent.
    await user.click(submit);
    expect(await screen.findByText("Choose what happens to your tips and comments")).toBeInTheDocument();
    expect(screen.getByText("Type your handle, rosa_grows, to confirm")).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole("radio", { name: /Keep my tips and comments anonymously/ }));
    expect(screen.getByRole("radio", { name: /Keep my tips and comments anonymously/ })).toBeChecked();
    await user.type(screen.getByLabelText("Your password"), "Sunflower7");
    await user.type(screen.getByLabelText(/Type your handle/), "@Rosa_Grows");
    await user.click(submit);
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
    expect(bodies).toEqual([{ keep: "anonymous", password: "Sunflower7", handle: "@Rosa_Grows" }]);
    expect(
      await screen.findByText(/Your account will be deleted on Monday, 14 December 2026/),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    signInAs(aUser());
    deletionServer(() => HttpResponse.json({ message: "That is not your password" }, { status: 403 }));
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /Delete everything/ }));
    await user.type(screen.getByLabelText("Your password"), "wrong");
    await user.type(screen.getByLabelText(/Type your handle/), "rosa_grows");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("That is not your password")).toBeInTheDocument();
    expect(screen.getByLabelText(/Type your handle/)).toHaveValue("rosa_grows");
    expect(screen.queryByRole("heading", { name: "Home" })).toBeNull();
  });
});
