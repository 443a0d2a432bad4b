import type { Browser, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoWithTheme, newAccount, type Theme, test } from "./fixtures.ts";
import { E2E } from "./support/env.ts";
import { verifyEmail } from "./support/mail.ts";

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

/** An administrator ADMIN_EMAILS names (`key` picks which): signed up and verified, which makes them one. */
async function administrator(browser: Browser, key: string) {
  const email = `admin.${key}@garden.test`;
  expect(E2E.administrators).toContain(email);
  const admin = await member(browser, "admin", { ...newAccount("admin"), email });
  await expect
    .poll(async () => (await (await admin.page.request.get("/api/auth/get-session")).json())?.user?.role)
    .toBe("administrator");
  return admin;
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
  test("three members report a spam comment, it hides, a moderator suspends the spammer, the reporters see the outcome", async ({
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

    // Spam reports from three members: the account is on hold and its comment hidden from everyone else.
    await page.goto(`/tips/${tip._id}`);
    await expect(commentsOf(page).getByText("Hidden pending review")).toBeVisible();
    await expect(commentsOf(page)).not.toContainText("seeds-shop");
    await spammer.page.goto(`/tips/${tip._id}`);
    await expect(
      spammer.page.getByRole("status").filter({ hasText: "Your account is on hold" }),
    ).toBeVisible();

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

    // The log shows the site's hold and the suspension.
    const log = await admin.page.request.get("/api/moderation/log?limit=50");
    const entries = (await log.json()) as Array<{ action: string; member: { name: string } | null }>;
    const about = entries.filter((entry) => entry.member?.name === spammer.account.name).map((e) => e.action);
    expect(about).toEqual(["suspend", "hold_account"]);
    for (const context of [spammer.context, admin.context, ...reporters.map((r) => r.context)])
      await context.close();
  });

  for (const theme of ["light", "dark"] as Theme[])
    for (const width of [1280, 390])
      test(`the queue and a member's reports are accessible (${theme}, ${width} px)`, async ({ browser }) => {
        test.setTimeout(90_000);
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
        await admin.page.setViewportSize({ width, height: 900 });
        await gotoWithTheme(admin.page, "/moderation", theme);
        await expect(admin.page.getByRole("heading", { name: "Moderation" })).toBeVisible();
        await expect(
          admin.page.getByRole("article", { name: `Tip by ${author.account.name}` }).first(),
        ).toContainText("Not about gardening");
        await expectNoA11yViolations(admin.page, `the queue (${theme}, ${width})`);
        await admin.page.screenshot({
          path: `test-results/moderation-${theme}-${width}.png`,
          fullPage: false,
        });

        await reporter.page.setViewportSize({ width, height: 900 });
        await gotoWithTheme(reporter.page, "/reports", theme);
        await expect(reporter.page.getByRole("list", { name: "Your reports" })).toContainText(
          "Waiting for a moderator",
        );
        await expectNoA11yViolations(reporter.page, `your reports (${theme}, ${width})`);
        await reporter.page.screenshot({ path: `test-results/reports-${theme}-${width}.png` });
        for (const context of [author.context, reporter.context, admin.context]) await context.close();
      });
});
