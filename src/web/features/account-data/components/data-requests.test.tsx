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
      },
      {
        _id: "b",
        kind: "export",
        member: { name: "Ben", handle: "ben" },
        state: "building",
        requestedAt: "2026-12-07T09:00:00.000Z",
        readyAt: null,
        expiresAt: null,
      },
    ];
    server.use(http.get("*/api/moderation/data-requests", () => HttpResponse.json(rows)));
    show();
    const table = await screen.findByRole("table");
    const [, ana, ben] = within(table).getAllByRole("row");
    expect(within(ana as HTMLElement).getByRole("link", { name: "Ana Gardener" })).toHaveAttribute(
      "href",
      "/gardeners/ana",
    );
    expect(ana).toHaveTextContent(/Ready to download.*9 Dec/);
    expect(ben).toHaveTextContent(/Being prepared–$/);
  });

  it("says when nobody asked", async () => {
    signInAs(aUser({ role: "administrator" }));
    server.use(http.get("*/api/moderation/data-requests", () => HttpResponse.json([])));
    show();
    expect(
      await screen.findByText("No member asked for a copy of their data this week."),
    ).toBeInTheDocument();
  });
});
