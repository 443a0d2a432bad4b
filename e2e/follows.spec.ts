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

/** Opens `url` in another member's page and waits until its script has taken over, as the fixture's page does. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test.describe("following a gardener", () => {
  test("a member follows a gardener from their page and reads their tips in Browse Tips; a visitor is sent to sign in and back", async ({
    page,
    browser,
    login,
    createTip,
    searchWord,
  }) => {
    const rosa = await login(newAccount("rosa"));
    const tip = await createTip({ title: "Mulch after rain" });
    const handle = tip.authorHandle ?? "";

    const ben = await anotherMember(browser, "ben");
    await open(ben.page, `/gardeners/${handle}`);
    await expect(ben.page.getByRole("heading", { level: 1, name: rosa.name })).toBeVisible();
    const counts = ben.page.locator("dl").first();
    await expect(counts).toContainText("Followers0");
    await ben.page.getByRole("button", { name: "Follow" }).click();
    await expect(ben.page.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
    await expect(counts).toContainText("Follower1");
    await expect(ben.page.getByText(`You follow ${rosa.name}`)).toBeVisible();

    // Rosa sees her follower on her page.
    await page.goto(`/gardeners/${handle}`);
    await expect(page.locator("dl").first()).toContainText("Follower1");

    // Browse Tips: only the tips of gardeners Ben follows, searchable within.
    await open(ben.page, "/browse-tips");
    await ben.page.getByRole("checkbox", { name: "Only gardeners I follow" }).check();
    await expect(ben.page).toHaveURL(/following=1/);
    await expect(ben.page.getByText("1 tip from gardeners you follow")).toBeVisible();
    await expect(ben.page.getByRole("link", { name: /See More/ }).first()).toBeVisible();
    await expect(ben.page.getByRole("main")).toContainText(`Mulch after rain ${searchWord}`);

    // Unfollowed: the list is empty and points to Explore.
    await open(ben.page, `/gardeners/${handle}`);
    await ben.page.getByRole("button", { name: "Following" }).click();
    await expect(ben.page.getByRole("button", { name: "Follow" })).toHaveAttribute("aria-pressed", "false");
    await open(ben.page, "/browse-tips?following=1");
    await expect(ben.page.getByText("No tips from gardeners you follow here yet.")).toBeVisible();
    await expect(ben.page.getByRole("link", { name: "Find gardeners to follow" })).toHaveAttribute(
      "href",
      "/explore-gardeners",
    );
    await ben.context.close();

    // A visitor's Follow leads to sign-in, and back to the page after it.
    const visitor = await anotherMember(browser, "visitor");
    await visitor.page.context().clearCookies();
    await open(visitor.page, `/gardeners/${handle}`);
    await visitor.page.getByRole("link", { name: "Follow" }).click();
    await expect(visitor.page).toHaveURL("/auth/login");
    await visitor.page.getByLabel("Email").fill(visitor.account.email);
    await visitor.page.getByLabel("Password").fill(visitor.account.password);
    await visitor.page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(visitor.page).toHaveURL(`/gardeners/${handle}`);
    await visitor.page.getByRole("button", { name: "Follow" }).click();
    await expect(visitor.page.getByRole("button", { name: "Following" })).toBeVisible();
    await visitor.context.close();
  });

  // Each theme once and each width once (ADR 092): colours do not change with the width, nor layout with the theme.
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`a gardener page with its follow button and counts, and the Following filter, at ${width} px in the ${theme} theme`, async ({
      page,
      login,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      const followed = await page.request.put("/api/gardeners/maya_okafor/follow", {
        headers: { Origin: E2E.baseURL },
      });
      expect(followed.status(), await followed.text()).toBe(200);
      await gotoWithTheme(page, "/gardeners/maya_okafor", theme);
      await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
      await expect(page.getByText("Following", { exact: true }).last()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `gardener page, followed (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`followed-${theme}-${width}.png`));

      // Her card on Explore Gardeners says so too, and offers the others.
      await gotoWithTheme(page, "/explore-gardeners", theme);
      const maya = page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: "Maya Okafor" }) });
      await expect(maya.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: /^Follow / }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `Explore Gardeners, following (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`explore-following-${theme}-${width}.png`));

      await gotoWithTheme(page, "/browse-tips?following=1", theme);
      await expect(page.getByRole("checkbox", { name: "Only gardeners I follow" })).toBeChecked();
      await expect(page.getByText(/tips? from gardeners you follow/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `Browse Tips, following (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`browse-following-${theme}-${width}.png`));
    });
});
