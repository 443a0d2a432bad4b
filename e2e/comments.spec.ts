import type { Page } from "@playwright/test";
import {
  anotherMember,
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  newAccount,
  test,
} from "./fixtures.ts";
import { E2E } from "./support/env.ts";
import { verifyEmail } from "./support/mail.ts";

const commentsOf = (page: Page) => page.getByRole("region", { name: /comments?$/ });
const commentBy = (page: Page, name: string) =>
  commentsOf(page).getByRole("article", { name: `Comment by ${name}` });

test.describe("comments on a tip", () => {
  test("members comment, reply, edit and delete; a deleted comment with a reply stays as [deleted]; a visitor reads the thread", async ({
    page,
    browser,
    login,
    createTip,
    searchWord,
  }) => {
    const rosa = await login(newAccount("rosa"));
    await verifyEmail(page, rosa.email);
    const tip = await createTip({ title: "Mulch the beds" });

    await page.goto(`/tips/${tip._id}`);
    const comments = commentsOf(page);
    await expect(comments.getByRole("heading", { name: "0 comments" })).toBeVisible();
    await expect(comments).toContainText("No comments yet. Start the conversation.");
    const box = comments.getByRole("textbox", { name: "Add a comment" });
    await box.fill(`How deep do you mulch? ${searchWord}\nI read https://example.com/mulch <b>5 cm</b>`);
    await comments.getByRole("button", { name: "Post comment" }).click();
    const mine = commentBy(page, rosa.name);
    await expect(mine).toContainText(`How deep do you mulch? ${searchWord}`);
    await expect(mine.getByRole("link", { name: "https://example.com/mulch" })).toHaveAttribute(
      "rel",
      "nofollow ugc noopener",
    );
    await expect(mine).toContainText("<b>5 cm</b>");
    await expect(comments.getByRole("heading", { name: "1 comment" })).toBeVisible();
    await expect(box).toHaveValue("");

    // Changed within its first minutes: no mark.
    await mine.getByRole("button", { name: "Edit your comment" }).click();
    const edit = mine.getByRole("textbox", { name: "Change your comment" });
    await edit.fill(`How deep should the mulch be? ${searchWord}`);
    await mine.getByRole("button", { name: "Save" }).click();
    await expect(mine).toContainText(`How deep should the mulch be? ${searchWord}`);
    await expect(mine).not.toContainText("(edited)");

    // A second member answers; they may reply to Rosa's comment, not change or delete it.
    const ben = await anotherMember(browser, "ben", { verified: true });
    await ben.page.goto(`/tips/${tip._id}`);
    const rosas = commentBy(ben.page, rosa.name);
    await expect(rosas).toContainText("How deep should the mulch be?");
    await expect(rosas.getByRole("button", { name: /Edit|Delete/ })).toHaveCount(0);
    await rosas.getByRole("button", { name: `Reply to ${rosa.name}` }).click();
    await rosas.getByRole("textbox", { name: `Reply to ${rosa.name}` }).fill("About 5 cm, after rain.");
    await rosas.getByRole("button", { name: "Post reply" }).click();
    const replies = commentsOf(ben.page).getByRole("list", { name: "Replies" });
    await expect(replies.getByRole("article", { name: `Comment by ${ben.account.name}` })).toContainText(
      "About 5 cm, after rain.",
    );
    await expect(commentsOf(ben.page).getByRole("heading", { name: "2 comments" })).toBeVisible();

    // Rosa deletes her comment after confirming: its reply keeps the thread, under "[deleted]".
    await page.reload();
    await expect(commentBy(page, ben.account.name)).toContainText("About 5 cm, after rain.");
    await mine.getByRole("button", { name: `Delete comment by ${rosa.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete comment" });
    await expect(dialog).toContainText("Are you sure you want to delete this comment?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Comment deleted")).toBeVisible();
    await expect(comments.getByText("[deleted]")).toBeVisible();
    await expect(commentBy(page, ben.account.name)).toContainText("About 5 cm, after rain.");
    await expect(comments.getByRole("heading", { name: "1 comment" })).toBeVisible();

    // A visitor reads the thread as it now is.
    const visitor = await browser.newContext();
    const read = await visitor.request.get(`${E2E.baseURL}/api/tips/${tip._id}/comments`);
    expect(read.status()).toBe(200);
    expect(read.headers()["x-total-count"]).toBe("1");
    const thread = (await read.json()) as Array<{ body: string; deleted: boolean; canDelete: boolean }>;
    expect(thread.map(({ body, deleted, canDelete }) => ({ body, deleted, canDelete }))).toEqual([
      { body: "", deleted: true, canDelete: false },
      { body: "About 5 cm, after rain.", deleted: false, canDelete: false },
    ]);

    // Browse Tips counts its comments beside its title.
    await page.goto(`/browse-tips?q=${searchWord}`);
    await expect(page.getByRole("row").filter({ hasText: tip.title })).toContainText("1 comment");

    // The tip's author may delete the reply on their tip: the [deleted] comment goes with it.
    await page.goto(`/tips/${tip._id}`);
    await commentBy(page, ben.account.name)
      .getByRole("button", { name: `Delete comment by ${ben.account.name}` })
      .click();
    await page
      .getByRole("dialog", { name: "Delete comment" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(comments.getByRole("heading", { name: "0 comments" })).toBeVisible();
    await expect(comments.getByText("[deleted]")).toHaveCount(0);
    await Promise.all([visitor.close(), ben.context.close()]);
  });

  // Each theme once and each width once (ADR 092): colours do not change with the width, nor layout with the theme.
  for (const [theme, width] of [
    ["dark", 1280],
    ["light", 390],
  ] as const)
    test(`a tip's comments at ${width} px in the ${theme} theme: no overflow, no axe violations`, async ({
      page,
      login,
      createTip,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const me = await login(newAccount("thread"));
      await verifyEmail(page, me.email);
      const tip = await createTip({ title: "Comments layout" });
      const post = async (body: string, replyTo?: string) => {
        const res = await page.request.post(`/api/tips/${tip._id}/comments`, {
          data: { body, replyTo },
          headers: { Origin: E2E.baseURL },
        });
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { _id: string })._id;
      };
      const first = await post(
        "Does this work in sandy soil?\nMine dries out fast. https://example.com/a-rather-long-address/that-goes-on-and-on",
      );
      await post("Yes: mulch twice as thick.", first);
      await post(`${"Unbroken".repeat(20)} word`);

      await gotoWithTheme(page, `/tips/${tip._id}`, theme);
      await expect(commentsOf(page).getByRole("heading", { name: "3 comments" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `tip comments (${theme}, ${width})`);
      await keepScreenshot(commentsOf(page), testInfo.outputPath(`comments-${theme}-${width}.png`));
      // The comments follow the tip at once, however short the tip is beside the screen: no gap opens
      // between them on a tall window.
      await page.setViewportSize({ width, height: 2400 });
      const card = page.getByRole("article").first().locator(":scope > div").first();
      const tipBottom = await card.evaluate((el) => el.getBoundingClientRect().bottom);
      const commentsTop = await commentsOf(page).evaluate((el) => el.getBoundingClientRect().top);
      expect(commentsTop - tipBottom).toBeLessThanOrEqual(80);
    });
});
