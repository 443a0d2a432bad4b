import type { Page } from "@playwright/test";
import { runClockedJob } from "../src/server/ops/test-clock.ts";
import {
  anotherMember,
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  newAccount,
  test,
} from "./fixtures.ts";
import { dataDir, E2E } from "./support/env.ts";

const headers = { Origin: E2E.baseURL };
const DAY = 86_400_000;

/** Signs in through the login page, as a member coming back does. */
async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Fills in "Delete your account" on the profile and confirms. */
async function askToDelete(page: Page, keep: RegExp, password: string) {
  const card = page.locator("#delete-account");
  await card.getByRole("radio", { name: keep }).click();
  await expect(card.getByRole("radio", { name: keep })).toBeChecked();
  await card.getByLabel("Your password").fill(password);
  const handle = (await card.locator("label strong").textContent()) ?? "";
  await card.getByLabel(/Type your handle/).fill(handle);
  await card.getByRole("button", { name: "Delete my account" }).click();
  return handle;
}

test.describe("deleting my account", () => {
  // The sign-in refused once the account is gone answers 401, which the browser logs.
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });

  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`a member deletes their account, changes their mind, then deletes it for good (${theme}, ${width} px)`, async ({
      page,
      browser,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      // Made here rather than by the fixtures, whose clean-up signs in to accounts that must be gone by then.
      const account = newAccount("leaving");
      const signUp = await page.request.post("/api/auth/sign-up/email", { data: account, headers });
      expect(signUp.status(), await signUp.text()).toBe(200);
      const shared = await page.request.post("/api/tips", {
        headers,
        data: {
          title: `Leaving's last leeks ${Date.now()}`,
          plantType: "Leek",
          difficulty: "Easy",
          description: "Blanch them with a collar.",
          category: "Vegetables",
          availability: "Public",
        },
      });
      expect(shared.status(), await shared.text()).toBe(201);
      const tip = (await shared.json()) as { _id: string; title: string };
      const reader = await anotherMember(browser, "reader");

      // First a copy of everything, as a member leaving takes one.
      await gotoWithTheme(page, "/profile", theme);
      const yourData = page.locator("#your-data");
      await yourData.getByRole("button", { name: "Download your data" }).click();
      const zipLink = yourData.getByRole("link", { name: "Download the zip" });
      await expect(zipLink).toBeVisible({ timeout: 30_000 });
      const saving = page.waitForEvent("download");
      await zipLink.click();
      expect((await saving).suggestedFilename()).toMatch(/^garden-community-data-.*\.zip$/);

      // The card on the profile, checked as it is before anything is asked.
      await gotoWithTheme(page, "/profile#delete-account", theme);
      const card = page.locator("#delete-account");
      await expect(card.getByRole("heading", { name: "Delete your account" })).toBeVisible();
      await expectNoA11yViolations(page, `profile with the deletion card, ${theme}`);
      await keepScreenshot(card, testInfo.outputPath(`delete-account-${theme}-${width}.png`));

      // Keep anonymously: signed out at once, told when, the tip gone for others.
      const handle = await askToDelete(page, /Keep my tips and comments anonymously/, account.password);
      await expect(
        page.getByText(/Your account will be deleted on .*\. Sign in before then to keep it\./),
      ).toBeVisible();
      await expect(page).toHaveURL(`${E2E.baseURL}/`);
      expect((await reader.page.request.get(`/api/tips/${tip._id}`)).status()).toBe(404);
      expect((await reader.page.request.get(`/api/gardeners/${handle}`)).status()).toBe(404);

      // Signing in within the grace keeps the account: the tip is back.
      await signIn(page, account);
      await expect(page.getByText("Login success!")).toBeVisible();
      expect((await reader.page.request.get(`/api/tips/${tip._id}`)).status()).toBe(200);

      // Delete everything, and let the grace pass on the test's clock.
      await gotoWithTheme(page, "/profile#delete-account", theme);
      await askToDelete(page, /Delete everything/, account.password);
      await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
      const done = await runClockedJob(dataDir, {
        job: "deletions",
        at: new Date(Date.now() + 7 * DAY + 60_000).toISOString(),
        email: account.email,
      });
      expect(done).toMatchObject({ deleted: 1 });

      await reader.page.goto(`/tips/${tip._id}`);
      await expect(reader.page.getByRole("heading", { name: "This tip cannot be found" })).toBeVisible();
      expect((await reader.page.request.get(`/api/gardeners/${handle}`)).status()).toBe(404);
      await signIn(page, account);
      await expect(page.getByText(/Invalid email or password/i)).toBeVisible();
      await expectNoA11yViolations(page, `login after the deletion, ${theme}`);
      await reader.context.close();
    });
});
