import type { Browser, Page } from "@playwright/test";
import {
  administrator,
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  newAccount,
  test,
} from "./fixtures.ts";
import { E2E } from "./support/env.ts";
import { findLink, verifyEmail } from "./support/mail.ts";

/** A member in a browser of their own: signed up and verified, as a person does it. */
async function member(browser: Browser, prefix: string, account = newAccount(prefix)) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: account,
    headers: { Origin: E2E.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  await verifyEmail(page, account.email);
  return { context, page, account };
}

const commentsOf = (page: Page) => page.getByRole("region", { name: /comments?$/ });

async function reportComment(page: Page, tipId: string, author: string, note: string) {
  await page.goto(`/tips/${tipId}`);
  await commentsOf(page)
    .getByRole("button", { name: `Report comment by ${author}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Report comment by ${author}` });
  await dialog.getByRole("combobox", { name: "Reason" }).selectOption("spam");
  await dialog.getByRole("textbox", { name: "Note for the moderators (optional)" }).fill(note);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you: the moderators will look at it")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe("moderation", () => {
  test("three new members report a spam comment, which waits for a moderator, who suspends the spammer; the reporters see the outcome, the spammer appeals and the moderator restores it", async ({
    page,
    browser,
    login,
    createTip,
  }) => {
    test.setTimeout(120_000);
    await login(newAccount("host"));
    const tip = await createTip({ title: "Companion planting for beans" });
    const spammer = await member(browser, "spammer");
    const spam = await spammer.page.request.post(`/api/tips/${tip._id}/comments`, {
      data: { body: "Cheap seeds at seeds-shop.example, best prices" },
      headers: { Origin: E2E.baseURL },
    });
    expect(spam.status()).toBe(201);

    const reporters = [
      await member(browser, "reporter"),
      await member(browser, "reporter"),
      await member(browser, "reporter"),
    ];
    for (const [n, reporter] of reporters.entries())
      await reportComment(reporter.page, tip._id, spammer.account.name, `An advert (${n + 1})`);

    // Reports from accounts a day old count for nothing on their own (free accounts could otherwise hide
    // anyone): the comment stays, and the account is not on hold, until a moderator decides.
    await page.goto(`/tips/${tip._id}`);
    await expect(commentsOf(page)).toContainText("seeds-shop");
    await spammer.page.goto(`/tips/${tip._id}`);
    await expect(spammer.page.getByRole("status").filter({ hasText: /Your account is on hold/ })).toHaveCount(
      0,
    );

    const admin = await administrator(browser, "journey");
    await admin.page.goto("/moderation");
    const card = admin.page.getByRole("article", { name: `Comment by ${spammer.account.name}` });
    await expect(card).toContainText("Cheap seeds at seeds-shop.example");
    await expect(card).toContainText("3 reports");
    await expect(card).toContainText("An advert (2)");
    const form = card.getByRole("form");
    await form.getByRole("combobox", { name: "Action" }).selectOption("Suspend the author (and hide it)");
    await form.getByRole("combobox", { name: "Suspended for" }).selectOption("72 hours");
    await form.getByRole("button", { name: "Decide" }).click();
    await expect(form.getByText("Each action needs a reason")).toBeVisible();
    await form.getByRole("textbox", { name: "Reason (the author is told it)" }).fill("Advertising a shop");
    await form.getByRole("button", { name: "Decide" }).click();
    await expect(card).toBeHidden();

    // The spammer is signed out and cannot sign back in for now.
    await spammer.page.goto("/profile");
    await expect(spammer.page).toHaveURL(/\/auth\/login/);
    const again = await spammer.page.request.post("/api/auth/sign-in/email", {
      data: { email: spammer.account.email, password: spammer.account.password },
      headers: { Origin: E2E.baseURL },
    });
    expect(again.status()).toBe(403);
    expect((await again.json()).message).toMatch(/^Your account is suspended by the moderators until /);

    for (const reporter of reporters) {
      await reporter.page.goto("/reports");
      const list = reporter.page.getByRole("list", { name: "Your reports" });
      await expect(list.getByRole("listitem").first()).toContainText("We removed it");
    }

    // The spammer cannot sign in, but the e-mail's link shows the decision and its reason, and appeals it.
    const appealPattern = /https?:\/\/\S+\/appeal#[\w-]+/;
    await expect
      .poll(() => findLink(spammer.account.email, appealPattern), { timeout: 15_000 })
      .not.toBeNull();
    await spammer.page.goto((await findLink(spammer.account.email, appealPattern)) ?? "");
    const decision = spammer.page.getByRole("article", {
      name: "A moderator hid your comment and suspended your account for 3 days.",
    });
    await expect(decision).toContainText("The moderator's reason: “Advertising a shop”");
    await expect(decision).toContainText(/Your suspension lasts until .* UTC\./);
    await decision.getByRole("button", { name: "Appeal" }).click();
    const appealForm = decision.getByRole("form", { name: "Appeal this decision" });
    await appealForm.getByRole("button", { name: "Send appeal" }).click();
    await expect(appealForm.getByText("Tell the moderators why the decision is wrong")).toBeVisible();
    await appealForm.getByRole("textbox").fill("My little brother posted this; it will not happen again");
    await appealForm.getByRole("button", { name: "Send appeal" }).click();
    await expect(decision).toContainText("You appealed: a moderator will decide.");

    // The appeal is in the queue with the decision it appeals; dismissing it restores the comment.
    await admin.page.goto("/moderation");
    const appeal = admin.page.getByRole("article", { name: `Appeal: Comment by ${spammer.account.name}` });
    await expect(appeal).toContainText("My little brother posted this");
    await expect(appeal).toContainText("“Advertising a shop”");
    const restore = appeal.getByRole("form");
    await restore.getByRole("combobox", { name: "Action" }).selectOption("Dismiss: show it again");
    await restore.getByRole("textbox", { name: "Reason (the author is told it)" }).fill("A first offence");
    await restore.getByRole("button", { name: "Decide" }).click();
    await expect(appeal).toBeHidden();
    await page.goto(`/tips/${tip._id}`);
    await expect(commentsOf(page)).toContainText("Cheap seeds at seeds-shop.example");

    // The spammer may sign in again, and the site tells them the appeal's answer.
    const back = await spammer.page.request.post("/api/auth/sign-in/email", {
      data: { email: spammer.account.email, password: spammer.account.password },
      headers: { Origin: E2E.baseURL },
    });
    expect(back.status()).toBe(200);
    await spammer.page.goto("/");
    const banner = spammer.page.getByRole("region", { name: "Moderators' decisions" });
    await expect(banner).toContainText(
      "A moderator read your appeal and reversed the decision about your comment. Reason: “A first offence”",
    );
    await banner.getByRole("button", { name: "Got it" }).click();
    await expect(banner).toBeHidden();

    // The log shows each step: the suspension, the appeal and the reversal (no hold by the site: the
    // reports of new accounts put none on it).
    const listed = await page.request.get(`/api/tips/${tip._id}/comments`);
    const handle = ((await listed.json()) as Array<{ author: { handle: string } }>)[0]?.author.handle ?? "";
    const log = await admin.page.request.get(`/api/moderation/log?member=${handle}`);
    const entries = (await log.json()) as Array<{ action: string; member: { name: string } | null }>;
    const about = entries.filter((entry) => entry.member?.name === spammer.account.name).map((e) => e.action);
    expect(about).toEqual(["dismiss", "appeal", "suspend"]);
    await admin.page.goto("/moderation");
    await admin.page.getByRole("link", { name: "The moderation log" }).click();
    const filters = admin.page.getByRole("form", { name: "Filter the log" });
    await filters.getByRole("textbox", { name: "Member (handle)" }).fill(handle);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(admin.page).toHaveURL(new RegExp(`/moderation/log\\?member=${handle}`));
    const steps = admin.page.getByRole("list", { name: "Moderation log" }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText("“A first offence”");
    await expect(steps.nth(1)).toContainText(`Appeal filed by ${spammer.account.name}`);
    await expect(steps.nth(2)).toContainText("“Advertising a shop”");
    for (const context of [spammer.context, admin.context, ...reporters.map((r) => r.context)])
      await context.close();
  });

  // Each theme once and each width once (ADR 092): colours do not change with the width, nor layout with the theme.
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`the queue, the log, a member's reports and decisions, and the moderation report are accessible (${theme}, ${width} px)`, async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const author = await member(browser, "author");
      const post = await author.page.request.post("/api/tips", {
        data: {
          title: `Reported tip ${theme} ${width}`,
          plantType: "Tomato",
          difficulty: "Easy",
          description: "Water daily at noon in full sun.",
          category: "Vegetables",
        },
        headers: { Origin: E2E.baseURL },
      });
      expect(post.status(), await post.text()).toBe(201);
      const tipId = (await post.json())._id as string;
      const reporter = await member(browser, "reporter");
      const filed = await reporter.page.request.post("/api/reports", {
        data: { targetType: "tip", targetId: tipId, reason: "off-topic", note: "Not about gardening" },
        headers: { Origin: E2E.baseURL },
      });
      expect(filed.status()).toBe(201);

      const admin = await administrator(browser, `${theme}-${width}`);
      // The queue comes in its page's HTML for a moderator; a member who is not one gets no case in it.
      const rendered = await (await admin.page.request.get("/moderation")).text();
      expect(rendered).toContain(`Reported tip ${theme} ${width}`);
      expect(rendered).not.toContain("Loading the queue");
      const refused = await (await reporter.page.request.get("/moderation")).text();
      expect(refused).not.toContain(`Reported tip ${theme} ${width}`);
      await admin.page.setViewportSize({ width, height: 900 });
      await gotoWithTheme(admin.page, "/moderation", theme);
      await expect(admin.page.getByRole("heading", { name: "Moderation" })).toBeVisible();
      await expect(
        admin.page.getByRole("article", { name: `Tip by ${author.account.name}` }).first(),
      ).toContainText("Not about gardening");
      // The team's header holds the way to the queue with its count, and still fits the screen.
      if (width >= 1280)
        await expect(admin.page.getByRole("link", { name: /^Moderation \(\d+ waiting\)$/ })).toBeVisible();
      else {
        await admin.page.getByRole("button", { name: "Open menu" }).click();
        await expect(admin.page.getByRole("link", { name: /^Moderation \(\d+ waiting\)$/ })).toBeVisible();
        await admin.page.getByRole("button", { name: "Close menu" }).click();
      }
      for (const wide of width >= 1280 ? [width, 1024] : [width]) {
        await admin.page.setViewportSize({ width: wide, height: 900 });
        const logout = await admin.page.getByRole("button", { name: "Logout" }).boundingBox();
        expect((logout?.x ?? 0) + (logout?.width ?? 0), `the header at ${wide} px`).toBeLessThanOrEqual(wide);
        await keepScreenshot(admin.page, `test-results/moderation-header-${theme}-${wide}.png`);
      }
      await admin.page.setViewportSize({ width, height: 900 });
      await expectNoA11yViolations(admin.page, `the queue (${theme}, ${width})`);
      await keepScreenshot(admin.page, `test-results/moderation-${theme}-${width}.png`);

      await reporter.page.setViewportSize({ width, height: 900 });
      await gotoWithTheme(reporter.page, "/reports", theme);
      await expect(reporter.page.getByRole("list", { name: "Your reports" })).toContainText(
        "Waiting for a moderator",
      );
      await expectNoA11yViolations(reporter.page, `your reports (${theme}, ${width})`);
      await keepScreenshot(reporter.page, `test-results/reports-${theme}-${width}.png`);

      // The author is told the decision: the banner, and Your reports with the appeal form open.
      const queue = (await (
        await admin.page.request.get("/api/moderation/queue?limit=100")
      ).json()) as Array<{
        _id: string;
        targetId: string;
      }>;
      const item = queue.find((entry) => entry.targetId === tipId);
      const decided = await admin.page.request.post(`/api/moderation/queue/${item?._id}/decision`, {
        data: { action: "hide", reason: "Not about gardening" },
        headers: { Origin: E2E.baseURL },
      });
      expect(decided.status(), await decided.text()).toBe(200);
      await author.page.setViewportSize({ width, height: 900 });
      await gotoWithTheme(author.page, "/reports", theme);
      await expect(author.page.getByRole("region", { name: "Moderators' decisions" })).toContainText(
        `A moderator hid your tip “Reported tip ${theme} ${width}”.`,
      );
      const notice = author.page.getByRole("article", {
        name: `A moderator hid your tip “Reported tip ${theme} ${width}”.`,
      });
      await notice.getByRole("button", { name: "Appeal" }).click();
      await expect(notice.getByRole("form", { name: "Appeal this decision" })).toBeVisible();
      await expectNoA11yViolations(author.page, `decisions and appeal (${theme}, ${width})`);
      await keepScreenshot(author.page, `test-results/decisions-${theme}-${width}.png`, { fullPage: true });

      await gotoWithTheme(admin.page, "/moderation/log", theme);
      await expect(admin.page.getByRole("list", { name: "Moderation log" })).toContainText(
        "Not about gardening",
      );
      await expectNoA11yViolations(admin.page, `the log (${theme}, ${width})`);
      await keepScreenshot(admin.page, `test-results/log-${theme}-${width}.png`);

      await reporter.page.goto("about:blank");
      await gotoWithTheme(reporter.page, "/moderation-report", theme);
      await expect(reporter.page.getByRole("table")).toContainText("Off-topic");
      await expectNoA11yViolations(reporter.page, `the moderation report (${theme}, ${width})`);
      await keepScreenshot(reporter.page, `test-results/moderation-report-${theme}-${width}.png`);
      for (const context of [author.context, reporter.context, admin.context]) await context.close();
    });
});
