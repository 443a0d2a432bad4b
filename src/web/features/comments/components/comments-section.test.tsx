import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Comment } from "#shared/schemas/comment.ts";
import { textContrast } from "#web/test/contrast.ts";
import { aTip, aUser, HttpResponse, http, server, signInAs } from "#web/test/msw.ts";
import { renderWithProviders } from "#web/test/render.tsx";
import { CommentsSection } from "./comments-section.tsx";

let n = 0;
function aComment(overrides: Partial<Comment> = {}): Comment {
  n += 1;
  return {
    _id: `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`,
    tipId: "t1",
    threadId: null,
    body: `Comment ${n}`,
    deleted: false,
    hidden: false,
    removed: false,
    author: { name: "Ana B", handle: "ana_b", image: "http://localhost/images/default-avatar.svg" },
    createdAt: "2026-11-01T10:00:00.000Z",
    editedAt: null,
    editableUntil: "2099-01-01T00:00:00.000Z",
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}

/** A comment form once its code is here: until then its shape stands in, busy, its button disabled. */
async function readyForm(name: string) {
  await waitFor(() => expect(screen.getByRole("form", { name })).not.toHaveAttribute("aria-busy"));
  return screen.getByRole("form", { name });
}

describe("A tip's comments", () => {
  it("shows threads one reply deep, [deleted] in place, links as links and markup as text", async () => {
    const tip = aTip({ totalComments: 3 });
    const root = aComment({ body: "How deep? <b>2cm</b> https://example.com/sow" });
    const reply = aComment({
      threadId: root._id,
      body: "About 2 cm",
      author: { name: "Ben C", handle: "ben_c", image: "", role: "moderator" },
    });
    const gone = aComment({ deleted: true, body: "", author: null });
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json([root, reply, gone], { headers: { "X-Total-Count": "2" } }),
      ),
    );
    renderWithProviders(<CommentsSection tip={tip} />);
    expect(await screen.findByRole("heading", { name: "2 comments" })).toBeInTheDocument();
    const first = await screen.findByRole("article", { name: "Comment by Ana B" });
    expect(within(first).getByText(/<b>2cm<\/b>/)).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "https://example.com/sow" })).toHaveAttribute(
      "rel",
      "nofollow ugc noopener",
    );
    expect(within(first).getByRole("link", { name: "Ana B" })).toHaveAttribute("href", "/gardeners/ana_b");
    const replies = screen.getByRole("list", { name: "Replies" });
    const byModerator = within(replies).getByRole("article", { name: "Comment by Ben C" });
    // The team's role shows beside the name; a member's shows none.
    expect(within(byModerator).getByText("Moderator")).toBeInTheDocument();
    expect(within(first).queryByText(/Moderator|Administrator/)).toBeNull();
    expect(screen.getByText("[deleted]")).toBeInTheDocument();
    // A visitor is asked to sign in, and offered nothing to change.
    expect(screen.getByRole("link", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Reply|Edit|Delete/ })).not.toBeInTheDocument();
  });

  it("shows a comment on hold as a placeholder to others, and to its author with why and one change", async () => {
    const me = aUser({ name: "Sam D", emailVerified: true });
    signInAs(me);
    const tip = aTip({ totalComments: 2 });
    const others = aComment({ hidden: true, body: "", author: null, canDelete: true });
    const decided = aComment({ hidden: true, removed: true, body: "", author: null });
    const mine = aComment({
      hidden: true,
      body: "Water early in the day",
      author: { name: "Sam D", handle: "sam_d", image: "" },
      canEdit: true,
      hold: { reason: "off-topic", onAccount: false, reviewAskedAt: null },
    });
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json([others, decided, mine], { headers: { "X-Total-Count": "3" } }),
      ),
    );
    renderWithProviders(<CommentsSection tip={tip} />);
    expect(await screen.findByText("Hidden pending review", { selector: "p" })).toBeInTheDocument();
    // Once a moderator decided, the placeholder says so.
    expect(screen.getByText("Removed by the moderators", { selector: "p" })).toBeInTheDocument();
    // The tip's author may still remove the hidden comment, but nobody replies to it.
    expect(screen.getByRole("button", { name: "Delete hidden comment" })).toBeInTheDocument();
    const own = screen.getByRole("article", { name: "Comment by Sam D" });
    expect(within(own).getByText("Water early in the day")).toBeInTheDocument();
    expect(within(own).getByRole("status")).toHaveTextContent(
      "Hidden pending review Reported as off-topic. Only you can see it; you may change it once to ask for it to be shown again.",
    );
    expect(within(own).getByRole("button", { name: "Edit your comment" })).toBeInTheDocument();
    expect(within(own).queryByRole("button", { name: /Reply/ })).not.toBeInTheDocument();
  });

  it("posts a verified member's comment and a reply, keeping the text when the server refuses", async () => {
    const me = aUser({ name: "Rosa B", emailVerified: true });
    signInAs(me);
    const tip = aTip();
    const posted: unknown[] = [];
    let refuse = true;
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json([aComment({ _id: "00000000-0000-4000-9000-aaaaaaaaaaaa" })], {
          headers: { "X-Total-Count": "1" },
        }),
      ),
      http.post("*/api/tips/:id/comments", async ({ request }) => {
        posted.push(await request.json());
        if (refuse)
          return HttpResponse.json({ message: "You posted this same comment a moment ago" }, { status: 409 });
        return HttpResponse.json(aComment(), { status: 201 });
      }),
    );
    renderWithProviders(<CommentsSection tip={tip} />);
    const form = await readyForm("Add a comment");
    await userEvent.type(within(form).getByLabelText("Add a comment"), "Lovely tip");
    await userEvent.click(within(form).getByRole("button", { name: "Post comment" }));
    expect(await within(form).findByText("You posted this same comment a moment ago")).toBeInTheDocument();
    expect(within(form).getByLabelText("Add a comment")).toHaveValue("Lovely tip");
    refuse = false;
    await userEvent.click(within(form).getByRole("button", { name: "Post comment" }));
    await expect.poll(() => within(form).getByLabelText("Add a comment")).toHaveValue("");

    await userEvent.click(screen.getByRole("button", { name: "Reply to Ana B" }));
    const replyForm = await readyForm("Reply to Ana B");
    await userEvent.type(within(replyForm).getByLabelText("Reply to Ana B"), "Me too");
    await userEvent.click(within(replyForm).getByRole("button", { name: "Post reply" }));
    await expect.poll(() => posted.length).toBe(3);
    expect(posted).toEqual([
      { body: "Lovely tip" },
      { body: "Lovely tip" },
      { body: "Me too", replyTo: "00000000-0000-4000-9000-aaaaaaaaaaaa" },
    ]);
  });

  it("brings the form's code when the form comes near the screen, keeping what was typed meanwhile", async () => {
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      signInAs(aUser({ emailVerified: true }));
      const posted: unknown[] = [];
      server.use(
        http.get("*/api/tips/:id/comments", () =>
          HttpResponse.json([], { headers: { "X-Total-Count": "0" } }),
        ),
        http.post("*/api/tips/:id/comments", async ({ request }) => {
          posted.push(await request.json());
          return HttpResponse.json(aComment(), { status: 201 });
        }),
      );
      renderWithProviders(<CommentsSection tip={aTip()} />);
      // Far below the screen: the form's shape, whose field takes typing and whose button waits.
      const shape = await screen.findByRole("form", { name: "Add a comment" });
      expect(shape).toHaveAttribute("aria-busy", "true");
      expect(within(shape).getByRole("button", { name: "Post comment" })).toBeDisabled();
      act(() => observed.at(-1)?.([{ isIntersecting: false }]));
      expect(shape).toHaveAttribute("aria-busy", "true");
      const field = within(shape).getByLabelText("Add a comment");
      await userEvent.click(field);
      await userEvent.keyboard("Water at dawn");

      // The form comes (here because the field was focused), with the text and the caret where they were.
      const real = within(await readyForm("Add a comment")).getByLabelText("Add a comment");
      expect(real).toHaveValue("Water at dawn");
      expect(real).toHaveFocus();
      await userEvent.keyboard(", not noon");
      await userEvent.click(screen.getByRole("button", { name: "Post comment" }));
      await expect.poll(() => posted).toEqual([{ body: "Water at dawn, not noon" }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asks a member to verify their e-mail before commenting", async () => {
    signInAs(aUser({ emailVerified: false }));
    server.use(
      http.get("*/api/tips/:id/comments", () => HttpResponse.json([], { headers: { "X-Total-Count": "0" } })),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    expect(await screen.findByText(/Verify your e-mail address to comment/)).toBeInTheDocument();
    // The member is known before the comments are read: wait for the list's own answer.
    expect(await screen.findByText("No comments yet. Start the conversation.")).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("changes one's own comment in place, and deletes after the site's own confirmation", async () => {
    signInAs(aUser({ name: "Rosa B", emailVerified: true }));
    const mine = aComment({ body: "Sow in March", canEdit: true, canDelete: true });
    const theirs = aComment({ body: "Thanks!", author: { name: "Ben C", handle: "ben_c", image: "" } });
    let items = [mine, theirs];
    const changes: unknown[] = [];
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json(items, { headers: { "X-Total-Count": String(items.length) } }),
      ),
      http.patch("*/api/comments/:id", async ({ request, params }) => {
        const { body } = (await request.json()) as { body: string };
        changes.push([params.id, body]);
        items = items.map((c) =>
          c._id === params.id ? { ...c, body, editedAt: "2026-11-02T10:00:00.000Z" } : c,
        );
        return HttpResponse.json(items[0]);
      }),
      http.delete("*/api/comments/:id", ({ params }) => {
        changes.push([params.id, "deleted"]);
        items = items.filter((c) => c._id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const own = await screen.findByRole("article", { name: "Comment by Ana B" });
    // Only what the server says the reader may do is offered.
    const other = screen.getByRole("article", { name: "Comment by Ben C" });
    expect(within(other).queryByRole("button", { name: /Edit|Delete/ })).not.toBeInTheDocument();

    await userEvent.click(within(own).getByRole("button", { name: "Edit your comment" }));
    const field = within(own).getByRole("textbox", { name: "Change your comment" });
    expect(field).toHaveValue("Sow in March");
    await userEvent.clear(field);
    await userEvent.type(field, "Sow in April");
    await userEvent.click(within(own).getByRole("button", { name: "Save" }));
    expect(await within(own).findByText("Sow in April")).toBeInTheDocument();
    expect(within(own).getByText("(edited)")).toBeInTheDocument();

    await userEvent.click(within(own).getByRole("button", { name: "Delete comment by Ana B" }));
    const dialog = screen.getByRole("dialog", { name: "Delete comment" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this comment?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expect.poll(() => screen.queryByText("Sow in April")).toBeNull();
    expect(changes).toEqual([
      [mine._id, "Sow in April"],
      [mine._id, "deleted"],
    ]);
    expect(screen.getByRole("heading", { name: "1 comment" })).toBeInTheDocument();
  });

  it("reads the next 50 on demand, by the cursor the server gave", async () => {
    const asked: Array<string | null> = [];
    server.use(
      http.get("*/api/tips/:id/comments", ({ request }) => {
        const cursor = new URL(request.url).searchParams.get("cursor");
        asked.push(cursor);
        return cursor === "page-2"
          ? HttpResponse.json([aComment({ body: "The last word" })], { headers: { "X-Total-Count": "51" } })
          : HttpResponse.json([aComment({ body: "The first word" })], {
              headers: { "X-Total-Count": "51", "X-Next-Cursor": "page-2" },
            });
      }),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    expect(await screen.findByText("The first word")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show more comments" }));
    expect(await screen.findByText("The last word")).toBeInTheDocument();
    expect(screen.getByText("The first word")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show more comments" })).not.toBeInTheDocument();
    expect(asked).toEqual([null, "page-2"]);
  });
});

describe("Focus and what is said as comments are written", () => {
  it("keeps focus in the form after a comment is posted and says so politely", async () => {
    signInAs(aUser({ emailVerified: true }));
    server.use(
      http.get("*/api/tips/:id/comments", () => HttpResponse.json([], { headers: { "X-Total-Count": "0" } })),
      http.post("*/api/tips/:id/comments", () => HttpResponse.json(aComment(), { status: 201 })),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const form = await readyForm("Add a comment");
    const field = within(form).getByLabelText("Add a comment");
    await userEvent.type(field, "Water at dawn");
    await userEvent.click(within(form).getByRole("button", { name: "Post comment" }));
    await waitFor(() => expect(field).toHaveValue(""));
    // Ready for the next comment, not lost on <body>.
    await waitFor(() => expect(field).toHaveFocus());
    const region = screen.getByText("Your comment was posted.").closest("[role=status]");
    expect(region).toBeInTheDocument();
    expect(region).not.toHaveAttribute("aria-live", "assertive");
  });

  it("focuses a reply's field as it opens, closes it on Escape back to its button, and focuses the reply posted", async () => {
    signInAs(aUser({ emailVerified: true }));
    const root = aComment({ _id: "00000000-0000-4000-9000-bbbbbbbbbbbb" });
    const reply = aComment({
      threadId: root._id,
      body: "Me too",
      author: { name: "Rosa B", handle: "rosa_b", image: "" },
    });
    let items = [root];
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json(items, { headers: { "X-Total-Count": String(items.length) } }),
      ),
      http.post("*/api/tips/:id/comments", () => {
        items = [root, reply];
        return HttpResponse.json(reply, { status: 201 });
      }),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const replyButton = await screen.findByRole("button", { name: "Reply to Ana B" });
    await userEvent.click(replyButton);
    let replyForm = await readyForm("Reply to Ana B");
    await waitFor(() => expect(within(replyForm).getByLabelText("Reply to Ana B")).toHaveFocus());

    await userEvent.keyboard("Never mind{Escape}");
    expect(screen.queryByRole("form", { name: "Reply to Ana B" })).not.toBeInTheDocument();
    const again = screen.getByRole("button", { name: "Reply to Ana B" });
    expect(again).toHaveFocus();

    await userEvent.click(again);
    replyForm = await readyForm("Reply to Ana B");
    await waitFor(() => expect(within(replyForm).getByLabelText("Reply to Ana B")).toHaveFocus());
    await userEvent.keyboard("Me too");
    await userEvent.click(within(replyForm).getByRole("button", { name: "Post reply" }));
    const posted = await screen.findByRole("article", { name: "Comment by Rosa B" });
    await waitFor(() => expect(posted).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent("Your reply was posted.");
  });

  it("moves focus to the first comment read by Show more comments", async () => {
    server.use(
      http.get("*/api/tips/:id/comments", ({ request }) =>
        new URL(request.url).searchParams.get("cursor") === "page-2"
          ? HttpResponse.json(
              [aComment({ body: "The last word", author: { name: "Ben C", handle: "ben_c", image: "" } })],
              {
                headers: { "X-Total-Count": "2" },
              },
            )
          : HttpResponse.json([aComment({ body: "The first word" })], {
              headers: { "X-Total-Count": "2", "X-Next-Cursor": "page-2" },
            }),
      ),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const more = await screen.findByRole("button", { name: "Show more comments" });
    await userEvent.click(more);
    const next = await screen.findByRole("article", { name: "Comment by Ben C" });
    await waitFor(() => expect(next).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });
});

describe("The comment form's errors", () => {
  it("shows one at a time: the server's last answer goes when the form is sent again", async () => {
    signInAs(aUser({ emailVerified: true }));
    const answers = [
      HttpResponse.json({ message: "You posted this same comment a moment ago" }, { status: 409 }),
      HttpResponse.json(
        { message: "Too many comments (at most 1 per account in 1 minute). Try again in 59 seconds." },
        { status: 429, headers: { "Retry-After": "59" } },
      ),
      HttpResponse.json(aComment(), { status: 201 }),
    ];
    server.use(
      http.get("*/api/tips/:id/comments", () => HttpResponse.json([], { headers: { "X-Total-Count": "0" } })),
      http.post("*/api/tips/:id/comments", () => answers.shift()),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const form = await readyForm("Add a comment");
    const field = within(form).getByLabelText("Add a comment");
    const post = within(form).getByRole("button", { name: "Post comment" });
    await userEvent.type(field, "Lovely tip");
    await userEvent.click(post);
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "You posted this same comment a moment ago",
    );

    // Sent again empty: the form's own objection, and the server's old answer gone.
    await userEvent.clear(field);
    await userEvent.click(post);
    expect(await within(form).findByText("Comment is required")).toBeInTheDocument();
    expect(within(form).queryByText("You posted this same comment a moment ago")).not.toBeInTheDocument();
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();

    // Refused for the limit: the rule, and when to try again in words.
    await userEvent.type(field, "Lovely tip, again");
    await userEvent.click(post);
    await waitFor(() =>
      expect(within(form).getByRole("alert")).toHaveTextContent(
        "Too many comments (at most 1 per account in 1 minute). Try again in about a minute.",
      ),
    );
    expect(within(form).getAllByRole("alert")).toHaveLength(1);
    expect(form).not.toHaveTextContent(/\d+ seconds/);

    await userEvent.click(post);
    await waitFor(() => expect(field).toHaveValue(""));
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("A long comment", () => {
  it("is clamped to its first lines, with a button to show all of it and then less", async () => {
    const long = `${"Mulch keeps the soil cool and moist. ".repeat(30)}The end.`;
    const tall = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join("\n");
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json(
          [
            aComment({ body: long }),
            aComment({ body: tall, author: { name: "Ben C", handle: "ben_c", image: "" } }),
            aComment({ body: "Short and sweet", author: { name: "Cy D", handle: "cy_d", image: "" } }),
          ],
          { headers: { "X-Total-Count": "3" } },
        ),
      ),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const first = await screen.findByRole("article", { name: "Comment by Ana B" });
    const toggle = within(first).getByRole("button", { name: "Show more" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    // The whole text is there all along, for screen readers and for finding in the page.
    expect(within(first).getByText(/The end\.$/)).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName("Show less");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    const second = screen.getByRole("article", { name: "Comment by Ben C" });
    expect(within(second).getByRole("button", { name: "Show more" })).toBeInTheDocument();
    const short = screen.getByRole("article", { name: "Comment by Cy D" });
    expect(within(short).queryByRole("button", { name: /Show (more|less)/ })).not.toBeInTheDocument();
  });
});

describe("A comment's placeholder", () => {
  it("reads at AA contrast (4.5:1) in both themes, on the cards and on the page", async () => {
    server.use(
      http.get("*/api/tips/:id/comments", () =>
        HttpResponse.json(
          [
            aComment({ deleted: true, body: "", author: null }),
            aComment({ hidden: true, body: "", author: null }),
            aComment({ hidden: true, removed: true, body: "", author: null }),
          ],
          { headers: { "X-Total-Count": "3" } },
        ),
      ),
    );
    renderWithProviders(<CommentsSection tip={aTip()} />);
    const placeholders = [
      await screen.findByText("[deleted]"),
      screen.getByText("Hidden pending review"),
      screen.getByText("Removed by the moderators"),
    ];
    for (const placeholder of placeholders)
      for (const theme of ["light", "dark"] as const)
        for (const surface of ["base-100", "base-200"])
          expect(
            textContrast(placeholder, theme, surface),
            `${placeholder.textContent}, ${theme} theme, on ${surface}`,
          ).toBeGreaterThanOrEqual(4.5);
  });
});
