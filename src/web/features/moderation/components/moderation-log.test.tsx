import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "#shared/schemas/moderation.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { ModerationLog } from "./moderation-log.tsx";

const aSuspension = (overrides: Partial<LogEntry> = {}): LogEntry => ({
  id: 41,
  at: "2026-11-20T10:00:00.000Z",
  actor: { handle: "mia", name: "Mia Moderator" },
  action: "suspend",
  target: { type: "tip", id: "t1" },
  member: { handle: "sam", name: "Sam" },
  reason: "Advertising a shop",
  before: null,
  after: null,
  undoable: true,
  ...overrides,
});

describe("undoing a decision from the moderation log", () => {
  it("an administrator undoes it with a reason; a refusal is said under the form", async () => {
    signInAs(aUser({ role: "administrator" }));
    let entries = [aSuspension()];
    const asked: unknown[] = [];
    server.use(
      http.get("*/api/moderation/log", () => HttpResponse.json(entries)),
      http.post("*/api/moderation/log/41/undo", async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        asked.push(body);
        if (asked.length === 1)
          return HttpResponse.json({ message: "This decision was undone already" }, { status: 409 });
        entries = [
          aSuspension({ id: 42, action: "undo", reason: body.reason, undoable: false }),
          aSuspension({ undoable: false }),
        ];
        return HttpResponse.json(entries[0], { status: 201 });
      }),
    );
    renderWithProviders(<ModerationLog />);
    const list = await screen.findByRole("list", { name: "Moderation log" });
    expect(within(list).getByText("Author suspended (and hidden)")).toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: "Undo this decision" }));
    const form = screen.getByRole("form", { name: "Undo: Author suspended (and hidden)" });
    await userEvent.click(within(form).getByRole("button", { name: "Undo it" }));
    expect(await within(form).findByText("Undoing needs a reason")).toBeInTheDocument();
    expect(asked).toHaveLength(0);

    await userEvent.type(
      within(form).getByRole("textbox", { name: "Why undo it (kept in the log)" }),
      "A misreading",
    );
    await userEvent.click(within(form).getByRole("button", { name: "Undo it" }));
    expect(await within(form).findByText("This decision was undone already")).toBeInTheDocument();
    await userEvent.click(within(form).getByRole("button", { name: "Undo it" }));
    await waitFor(() => expect(within(list).getByText("Decision undone")).toBeInTheDocument());
    expect(asked).toEqual([{ reason: "A misreading" }, { reason: "A misreading" }]);
    expect(within(list).queryByRole("button", { name: "Undo this decision" })).toBeNull();
  });

  it("a moderator reads the log without the undo", async () => {
    signInAs(aUser({ role: "moderator" }));
    server.use(http.get("*/api/moderation/log", () => HttpResponse.json([aSuspension()])));
    renderWithProviders(<ModerationLog />);
    const list = await screen.findByRole("list", { name: "Moderation log" });
    expect(within(list).getByText("“Advertising a shop”")).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Undo this decision" })).toBeNull();
  });
});
