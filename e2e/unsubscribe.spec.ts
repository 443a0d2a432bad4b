import { readFileSync } from "node:fs";
import path from "node:path";
import { unsubscribeToken } from "../src/server/modules/notifications/unsubscribe.ts";
import { expect, expectNoA11yViolations, gotoWithTheme, keepScreenshot, test } from "./fixtures.ts";

/** The test server's secret, which signs the links its e-mails carry (it keeps it in DATA_DIR). */
const secret = () =>
  readFileSync(path.resolve(import.meta.dirname, "../.test-data/e2e/data/auth-secret"), "utf8").trim();

test.describe("an e-mail's unsubscribe link", () => {
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`asks first, then stops that e-mail without signing in (${theme}, ${width} px)`, async ({
      page,
      browser,
      login,
    }, testInfo) => {
      await login();
      const session = await (await page.request.get("/api/auth/get-session")).json();
      const token = unsubscribeToken(secret(), session.user.id, "replies");

      // Followed in another browser, signed out, as from a mail app.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const outside = await context.newPage();
      await gotoWithTheme(outside, `/unsubscribe/${token}`, theme);
      await expect(
        outside.getByText("Stop e-mails about comments on your tips and replies to your comments?"),
      ).toBeVisible();
      expect(await outside.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(outside, `unsubscribe (${theme}, ${width})`);
      await keepScreenshot(outside, testInfo.outputPath(`unsubscribe-${theme}-${width}.png`));
      // Opening it changed nothing.
      expect((await (await page.request.get("/api/settings")).json()).emailReplies).toBe(true);

      await outside.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(outside.getByRole("status")).toContainText(
        "You are unsubscribed: no more e-mails about comments on your tips and replies to your comments.",
      );
      await keepScreenshot(outside, testInfo.outputPath(`unsubscribed-${theme}-${width}.png`));
      await context.close();

      // The member's profile shows the switch off; turning it on again works.
      await page.setViewportSize({ width, height: 900 });
      await gotoWithTheme(page, "/profile", theme);
      const mail = page.getByRole("group", { name: "By e-mail while you're away" });
      const replies = mail.getByRole("checkbox", { name: "Comments on my tips and replies to my comments" });
      await expect(replies).not.toBeChecked();
      await expect(mail.getByRole("checkbox", { name: "Comments that mention me (@handle)" })).toBeChecked();
      // Checked once the settings have arrived, not while the page is still filling in.
      await expectNoA11yViolations(page, `profile (${theme}, ${width})`);
      // A click, then the box as the member sees it once the choice is saved: check() reads the box in the
      // click itself, before the page has taken the choice on the slow CI machine.
      await replies.click();
      await expect(replies).toBeChecked();
      await expect
        .poll(async () => (await (await page.request.get("/api/settings")).json()).emailReplies)
        .toBe(true);
      await keepScreenshot(
        page.getByRole("region", { name: "Notification settings" }),
        testInfo.outputPath(`mail-settings-${theme}-${width}.png`),
      );
    });

  test.describe("refused", () => {
    // The page asks the server about the link, which answers 404; the browser reports that.
    test.use({ allowConsoleErrors: [/status of 404/] });
    test("a link this site did not sign says so", async ({ page }) => {
      await page.goto("/unsubscribe/cm9zYQ~replies~forged");
      await expect(
        page.getByText("This unsubscribe link is not one we sent: use the one in the e-mail"),
      ).toBeVisible();
    });
  });
});
