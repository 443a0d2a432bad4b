import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Bookmark } from "#shared/schemas/bookmark.ts";
import { aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { BookmarkButton } from "./bookmark-button.tsx";
import { BookmarkList } from "./bookmark-list.tsx";

describe("Save on a tip's page", () => {
  it("keeps what was typed and says why when the server refuses the bookmark", async () => {
    signInAs(aUser());
    const sent: unknown[] = [];
    server.use(
      http.put("*/api/tips/:id/bookmark", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: "You keep 2,000 bookmarks, the most an account may: remove some first" },
          { status: 422 },
        );
      }),
    );
    renderWithProviders(<BookmarkButton tip={aTip({ title: "Pinch out the tops" })} />);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    const dialog = screen.getByRole("dialog", { name: "Save this tip" });
    await userEvent.type(within(dialog).getByLabelText("Note (optional)"), "For June");
    await userEvent.click(within(dialog).getByRole("radio", { name: /^Tomorrow · / }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You keep 2,000 bookmarks");
    expect(within(dialog).getByLabelText("Note (optional)")).toHaveValue("For June");
    expect(sent).toEqual([{ note: "For June", remindAt: expect.stringMatching(/T\d\d:00:00\.000Z$/) }]);
    // Nothing was saved: the page still offers Save.
    expect(screen.queryByRole("button", { name: "Saved" })).not.toBeInTheDocument();
  });

  it("asks for the day when one of its own is chosen without one, sending nothing", async () => {
    signInAs(aUser());
    let sent = 0;
    server.use(
      http.put("*/api/tips/:id/bookmark", () => {
        sent += 1;
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<BookmarkButton tip={aTip()} />);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    const dialog = screen.getByRole("dialog", { name: "Save this tip" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "On a day I choose" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose a day and a time")).toBeInTheDocument();
    expect(sent).toBe(0);
  });
});

const saved = (overrides: Partial<Bookmark>): Bookmark => ({
  tipId: crypto.randomUUID(),
  note: "",
  remindAt: null,
  remindSeason: null,
  remindedAt: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  gone: null,
  ...overrides,
});

describe("Your bookmarks", () => {
  it("shows a tip, a deleted one and one no longer to be seen, each as it is now", async () => {
    signInAs(aUser());
    const tip = aTip({ title: "Feed the roses" });
    server.use(
      http.get("*/api/bookmarks", () =>
        HttpResponse.json([
          saved({ tipId: tip._id, tip, note: "After the rain" }),
          saved({ gone: { title: "Old advice", goesAt: "2026-12-09T10:00:00.000Z" } }),
          saved({ note: "Was private" }),
        ]),
      ),
    );
    renderWithProviders(<BookmarkList />);
    const kept = await screen.findByRole("article", { name: "Feed the roses" });
    expect(within(kept).getByRole("link", { name: "Feed the roses" })).toHaveAttribute(
      "href",
      `/tips/${tip._id}`,
    );
    expect(kept).toHaveTextContent("After the rain");
    const gone = screen.getByRole("article", { name: "Old advice" });
    expect(gone).toHaveTextContent("This tip was deleted. Its bookmark goes on Wed 9 Dec.");
    expect(within(gone).queryByRole("link")).not.toBeInTheDocument();
    const hidden = screen.getByRole("article", { name: "A tip you saved" });
    expect(hidden).toHaveTextContent("This tip is not available right now.");
    expect(hidden).toHaveTextContent("Was private");
  });
});
