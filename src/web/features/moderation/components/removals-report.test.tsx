import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ReportButton } from "#web/components/moderation/report-button.tsx";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { RemovalsReport } from "./removals-report.tsx";

describe("Report reasons", () => {
  it("head the public report's columns in sentence case", async () => {
    server.use(
      http.get("*/api/moderation/removals", () =>
        HttpResponse.json([
          { month: "2026-10", reason: "rude or harassing", count: 2 },
          { month: "2026-10", reason: "spam", count: 5 },
        ]),
      ),
    );
    renderWithProviders(<RemovalsReport />);
    const table = await screen.findByRole("table", { name: /Items removed by the moderators/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(["Spam", "Rude or harassing", "Off-topic", "Copyright", "Illegal"]),
    );
    expect(within(table).queryByRole("columnheader", { name: /Rude Or Harassing/ })).toBeNull();
    expect(within(table).getByRole("row", { name: /October 2026/ })).toHaveTextContent("7");
  });

  it("read in sentence case in the report dialog, and send the reason the server knows", async () => {
    signInAs(aUser());
    let sent: unknown = null;
    server.use(
      http.post("*/api/reports", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderWithProviders(<ReportButton targetType="comment" targetId="c1" what="comment by Ana B" />);
    await userEvent.click(await screen.findByRole("button", { name: "Report comment by Ana B" }));
    const dialog = await screen.findByRole("dialog", { name: "Report comment by Ana B" });
    const reason = within(dialog).getByRole("combobox", { name: "Reason" });
    expect(within(reason).getByRole("option", { name: "Rude or harassing" })).toBeInTheDocument();
    expect(within(reason).getByRole("option", { name: "Off-topic" })).toBeInTheDocument();
    expect(within(reason).getByRole("option", { name: "Spam" })).toBeInTheDocument();
    await userEvent.selectOptions(reason, "Rude or harassing");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await expect.poll(() => sent).toMatchObject({ reason: "rude or harassing" });
  });
});
