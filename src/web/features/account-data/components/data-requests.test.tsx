import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DataRequest } from "#shared/schemas/account-data.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { DataRequests } from "./data-requests.tsx";

const show = () =>
  renderRoutes([{ path: "/moderation", element: <DataRequests /> }], { route: "/moderation" });

describe("Members' data requests", () => {
  it("lists who asked, when, and where their copy is", async () => {
    signInAs(aUser({ role: "administrator" }));
    const rows: DataRequest[] = [
      {
        _id: "a",
        kind: "export",
        member: { name: "Ana Gardener", handle: "ana" },
        state: "ready",
        requestedAt: "2026-12-07T08:00:00.000Z",
        readyAt: "2026-12-07T08:01:00.000Z",
        expiresAt: "2026-12-09T08:01:00.000Z",
        dueAt: null,
      },
      {
        _id: "b",
        kind: "export",
        member: { name: "Ben", handle: "ben" },
        state: "building",
        requestedAt: "2026-12-07T09:00:00.000Z",
        readyAt: null,
        expiresAt: null,
        dueAt: null,
      },
      {
        _id: "c",
        kind: "deletion",
        member: { name: "Cleo", handle: "cleo" },
        state: "pending",
        requestedAt: "2026-12-07T07:00:00.000Z",
        readyAt: null,
        expiresAt: null,
        dueAt: "2026-12-14T07:00:00.000Z",
      },
      {
        _id: "d",
        kind: "deletion",
        member: { name: "Former gardener", handle: null },
        state: "done",
        requestedAt: "2026-11-30T07:00:00.000Z",
        readyAt: null,
        expiresAt: null,
        dueAt: "2026-12-07T07:00:00.000Z",
      },
    ];
    server.use(http.get("*/api/moderation/data-requests", () => HttpResponse.json(rows)));
    show();
    const table = await screen.findByRole("table");
    const [, ana, ben, cleo, former] = within(table).getAllByRole("row");
    expect(within(ana as HTMLElement).getByRole("link", { name: "Ana Gardener" })).toHaveAttribute(
      "href",
      "/gardeners/ana",
    );
    expect(ana).toHaveTextContent(/Ready to download.*9 Dec/);
    expect(ben).toHaveTextContent(/Being prepared–$/);
    expect(cleo).toHaveTextContent(/Deletion of their account.*Waiting out the 7 days.*14 Dec/);
    expect(within(cleo as HTMLElement).getByRole("link", { name: "Cleo" })).toBeInTheDocument();
    // A deleted account names no one and has no page to link.
    expect(former).toHaveTextContent(/Former gardener.*Deleted/);
    expect(within(former as HTMLElement).queryByRole("link")).toBeNull();
  });

  it("says when nobody asked", async () => {
    signInAs(aUser({ role: "administrator" }));
    server.use(http.get("*/api/moderation/data-requests", () => HttpResponse.json([])));
    show();
    expect(
      await screen.findByText(
        "No member asked for a copy of their data or the deletion of their account this week.",
      ),
    ).toBeInTheDocument();
  });
});
