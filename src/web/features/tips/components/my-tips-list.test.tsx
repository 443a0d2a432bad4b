import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Tip } from "#shared/schemas/tip.ts";
import { aTip, aUser, HttpResponse, http, listResponse, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes, stubWideScreen } from "#web/test/render.tsx";
import { MyTipsList } from "./my-tips-list.tsx";

const me = aUser();
let mine: Tip[];
const deleted: string[] = [];

beforeEach(() => {
  deleted.length = 0;
  mine = [
    aTip({ title: "Mulch the beds", email: me.email, name: me.name }),
    aTip({ title: "Hidden compost notes", email: me.email, name: me.name, availability: "Hidden" }),
  ];
  stubWideScreen();
  signInAs(me);
  server.use(
    http.get("*/api/tips", ({ request }) => {
      // The list by e-mail is the signed-in user's own, of every availability; the server refuses others'.
      expect(new URL(request.url).searchParams.get("email")).toBe(me.email);
      return listResponse(mine);
    }),
    http.delete("*/api/tips/:id", ({ params }) => {
      deleted.push(String(params.id));
      mine = mine.filter((tip) => tip._id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

const renderMyTips = () =>
  renderRoutes([{ path: "/my-tips", element: <MyTipsList /> }], { route: "/my-tips" });

describe("My Tips", () => {
  it("lists the user's tips of every availability with Status, Update and Delete", async () => {
    renderMyTips();
    const row = (await screen.findByRole("link", { name: "Hidden compost notes" })).closest("tr");
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText("Hidden")).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByRole("link", { name: "Update Hidden compost notes" }),
    ).toHaveAttribute("href", `/update-tip/${mine[1]?._id}`);
  });

  it("deletes a tip after the confirmation, and the list no longer shows it", async () => {
    renderMyTips();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Mulch the beds" }));
    const dialog = screen.getByRole("dialog", { name: "Delete tip" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this tip?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Deleted Successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Mulch the beds")).not.toBeInTheDocument());
    expect(deleted).toHaveLength(1);
    expect(screen.getByText("Hidden compost notes")).toBeInTheDocument();
  });

  it("deletes nothing when the confirmation is cancelled", async () => {
    renderMyTips();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Mulch the beds" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(deleted).toEqual([]);
    expect(screen.getByRole("link", { name: "Mulch the beds" })).toBeInTheDocument();
  });

  it("says why a delete failed and keeps the tip", async () => {
    server.use(
      http.delete("*/api/tips/:id", () =>
        HttpResponse.json({ message: "Only the author can change this tip" }, { status: 403 }),
      ),
    );
    renderMyTips();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Mulch the beds" }));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(
      await screen.findByText("The tip could not be deleted: Only the author can change this tip"),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mulch the beds" })).toBeInTheDocument();
  });

  it("shows the empty state with a way to share a first tip", async () => {
    mine = [];
    renderMyTips();
    expect(await screen.findByText("No tips added yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Share your first tip" })).toHaveAttribute(
      "href",
      "/share-garden-tip",
    );
  });
});
