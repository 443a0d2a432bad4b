import { DIFFICULTIES } from "../src/shared/constants.ts";
import { expect, expectNoA11yViolations, gotoWithTheme, test } from "./fixtures.ts";

const pages: Array<{ url: string; ready: string; ownTips?: boolean }> = [
  { url: "/", ready: "Top Trending Tips" },
  { url: "/explore-gardeners", ready: "Total Shared Tips" },
  { url: "/no-such-page", ready: "The page cannot be found." },
  // Scanned with this test's own tips (one of each level), not whatever other tests shared last.
  { url: "/browse-tips", ready: "See More", ownTips: true },
  { url: "/auth/login", ready: "Login" },
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    for (const { url, ready, ownTips } of pages) {
      test(`${url} has no WCAG 2.1 A/AA violations`, async ({ page, login, createTip, searchWord }) => {
        let target = url;
        if (ownTips) {
          await login();
          for (const difficulty of DIFFICULTIES) await createTip({ difficulty });
          await page.context().clearCookies();
          target = `${url}?q=${searchWord}`;
        }
        await gotoWithTheme(page, target, theme);
        await expect(page.getByText(ready).first()).toBeVisible();
        await expectNoA11yViolations(page, `${url} (${theme})`);
      });
    }

    test("the open mobile menu has no violations", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoWithTheme(page, "/explore-gardeners", theme);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByPlaceholder("Search...")).toBeVisible();
      await expect(page.getByText("Total Shared Tips").first()).toBeVisible();
      await expectNoA11yViolations(page, `mobile menu (${theme})`);
    });
  });
}
