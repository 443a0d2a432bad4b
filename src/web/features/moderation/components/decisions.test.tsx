import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Notice } from "#shared/schemas/moderation.ts";
import { aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { DecisionsBanner } from "./decisions-banner.tsx";
import { MyDecisions } from "./my-decisions.tsx";

function aNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    _id: "11111111-1111-4111-8111-111111111111",
    createdAt: "2026-11-20T10:00:00.000Z",
    seen: false,
    decision: {
      caseId: "22222222-2222-4222-8222-222222222222",
      action: "suspend",
      reason: "Advertising a shop",
      durationHours: 72,
      decidedAt: "2026-11-20T10:00:00.000Z",
      answersAppeal: false,
      undoneAt: null,
    },
    item: { type: "comment", title: null, path: "/tips/t1", gone: false, hidden: true },
    suspendedUntil: null,
    appeal: { until: "2099-12-10T10:00:00.000Z", filed: null },
    ...overrides,
  };
}

describe("A member told of a decision", () => {
  it("sees it under the navigation with the reason until they mark it seen", async () => {
    signInAs(aUser());
    let seen = false;
    server.use(
      http.get("*/api/moderation/notices", () => HttpResponse.json([aNotice({ seen })])),
      http.post("*/api/moderation/notices/:id/seen", () => {
        seen = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<DecisionsBanner />);
    const banner = await screen.findByRole("region", { name: "Moderators' decisions" });
    expect(banner).toHaveTextContent(
      "A moderator hid your comment and suspended your account for 3 days. Reason: “Advertising a shop”",
    );
    expect(within(banner).getByRole("link", { name: "Details and appeal" })).toHaveAttribute(
      "href",
      "/reports#decisions",
    );
    await userEvent.click(within(banner).getByRole("button", { name: "Got it" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Moderators' decisions" })).toBeNull());
  });

  it("appeals once: an empty appeal is refused in the form, a sent one shows as waiting", async () => {
    signInAs(aUser());
    let appealed: unknown = null;
    server.use(
      http.get("*/api/moderation/notices", () =>
        HttpResponse.json([
          appealed
            ? aNotice({
                appeal: {
                  until: "2099-12-10T10:00:00.000Z",
                  filed: { createdAt: "2026-11-21T10:00:00.000Z", note: "Sorry", status: "open" },
                },
              })
            : aNotice(),
        ]),
      ),
      http.post("*/api/moderation/appeals", async ({ request }) => {
        appealed = await request.json();
        return HttpResponse.json(
          { _id: "a1", caseId: "22222222-2222-4222-8222-222222222222", note: "Sorry", createdAt: "" },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<MyDecisions />);
    const notice = await screen.findByRole("article", {
      name: "A moderator hid your comment and suspended your account for 3 days.",
    });
    expect(notice).toHaveTextContent("The moderator's reason: “Advertising a shop”");
    await userEvent.click(within(notice).getByRole("button", { name: "Appeal" }));
    const form = within(notice).getByRole("form", { name: "Appeal this decision" });
    await userEvent.click(within(form).getByRole("button", { name: "Send appeal" }));
    expect(
      await within(form).findByText("Tell the moderators why the decision is wrong"),
    ).toBeInTheDocument();
    expect(appealed).toBeNull();
    await userEvent.type(within(form).getByRole("textbox"), "Sorry, it was my brother");
    await userEvent.click(within(form).getByRole("button", { name: "Send appeal" }));
    await waitFor(() => expect(notice).toHaveTextContent("You appealed: a moderator will decide."));
    expect(appealed).toEqual({
      caseId: "22222222-2222-4222-8222-222222222222",
      note: "Sorry, it was my brother",
    });
  });

  it("sees no appeal offered for a decision that left the item up or answered an appeal", async () => {
    signInAs(aUser());
    server.use(
      http.get("*/api/moderation/notices", () =>
        HttpResponse.json([
          aNotice({
            _id: "33333333-3333-4333-8333-333333333333",
            decision: { ...aNotice().decision, action: "dismiss", answersAppeal: true },
            appeal: { until: null, filed: null },
          }),
        ]),
      ),
    );
    renderWithProviders(<MyDecisions />);
    const notice = await screen.findByRole("article", {
      name: "A moderator read your appeal and reversed the decision about your comment.",
    });
    expect(within(notice).queryByRole("button", { name: "Appeal" })).toBeNull();
  });

  it("reads that an administrator undid a decision, with no appeal offered", async () => {
    signInAs(aUser());
    server.use(
      http.get("*/api/moderation/notices", () =>
        HttpResponse.json([
          aNotice({
            _id: "44444444-4444-4444-8444-444444444444",
            decision: { ...aNotice().decision, action: "hide", undoneAt: "2026-11-21T10:00:00.000Z" },
            item: { type: "comment", title: null, path: "/tips/t1", gone: false, hidden: false },
            appeal: { until: null, filed: null },
          }),
        ]),
      ),
    );
    renderWithProviders(<MyDecisions />);
    const notice = await screen.findByRole("article", {
      name: "A moderator hid your comment. An administrator has since undone this decision.",
    });
    expect(within(notice).queryByRole("button", { name: "Appeal" })).toBeNull();
  });
});
