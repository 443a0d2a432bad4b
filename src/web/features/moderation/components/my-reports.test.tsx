import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Report } from "#shared/schemas/moderation.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { MyReports } from "./my-reports.tsx";

const aReport = (overrides: Partial<Report>): Report => ({
  _id: "11111111-1111-4111-8111-111111111111",
  targetType: "comment",
  targetId: "22222222-2222-4222-8222-222222222222",
  item: { label: "Buy cheap seeds at my shop", path: "/tips/t1" },
  reason: "spam",
  note: "",
  createdAt: "2026-11-20T10:00:00.000Z",
  status: "open",
  outcome: null,
  decidedAt: null,
  ...overrides,
});

describe("your reports", () => {
  it("names each item as you saw it, linked while it can be seen", async () => {
    signInAs(aUser());
    server.use(
      http.get("*/api/reports/mine", () =>
        HttpResponse.json([
          aReport({}),
          aReport({
            _id: "33333333-3333-4333-8333-333333333333",
            targetType: "tip",
            item: { label: "Tomato cages", path: null },
            status: "closed",
            outcome: "removed",
            decidedAt: "2026-11-21T10:00:00.000Z",
          }),
          aReport({
            _id: "44444444-4444-4444-8444-444444444444",
            targetType: "photo",
            item: { label: null, path: null },
          }),
        ]),
      ),
    );
    renderWithProviders(<MyReports />);
    const list = await screen.findByRole("list", { name: "Your reports" });
    expect(
      within(list).getByRole("link", { name: "A comment, “Buy cheap seeds at my shop”" }),
    ).toHaveAttribute("href", "/tips/t1");
    const removed = within(list).getByText("A tip, “Tomato cages”");
    expect(removed.closest("a")).toBeNull();
    expect(within(list).getByText("We removed it")).toBeInTheDocument();
    expect(within(list).getByText("A photo")).toBeInTheDocument();
  });
});
