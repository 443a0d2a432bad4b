import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ThreadMuteButton } from "./thread-mute-button.tsx";

const TIP = "0b5f3b8e-6c1a-4f2e-9d4a-1f2e3d4c5b6a";
const ROOT = "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

const show = () =>
  renderRoutes(
    [{ path: "/tips/:id", element: <ThreadMuteButton tipId={TIP} commentId={ROOT} who="Ana" /> }],
    {
      route: `/tips/${TIP}`,
    },
  );

describe("Mute thread", () => {
  it("mutes the thread, then offers to unmute it, naming whose comment for a screen reader", async () => {
    signInAs(aUser());
    const sent: string[] = [];
    server.use(
      http.put("*/api/comments/:id/mute", ({ params }) => {
        sent.push(`PUT ${params.id}`);
        return HttpResponse.json({ muted: true, thread: ROOT });
      }),
      http.delete("*/api/comments/:id/mute", ({ params }) => {
        sent.push(`DELETE ${params.id}`);
        return HttpResponse.json({ muted: false, thread: ROOT });
      }),
    );
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Mute thread of Ana's comment" }));
    await userEvent.click(await screen.findByRole("button", { name: "Unmute thread of Ana's comment" }));
    expect(await screen.findByRole("button", { name: "Mute thread of Ana's comment" })).toBeEnabled();
    expect(sent).toEqual([`PUT ${ROOT}`, `DELETE ${ROOT}`]);
  });

  it("says why when the server refuses, and stays as it was", async () => {
    signInAs(aUser());
    server.use(
      http.put("*/api/comments/:id/mute", () =>
        HttpResponse.json({ message: "Comment not found" }, { status: 404 }),
      ),
    );
    show();
    await userEvent.click(await screen.findByRole("button", { name: "Mute thread of Ana's comment" }));
    expect(await screen.findByText("Not changed: Comment not found")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mute thread of Ana's comment" })).toBeInTheDocument();
  });
});
