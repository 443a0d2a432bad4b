import { expect, expectNoA11yViolations, gotoWithTheme, test } from "./fixtures.ts";

// Browse Tips (every level, its pagination and its empty state) and the account pages are scanned in both
// themes by their own specs, browse-tips.spec.ts and auth.spec.ts.
const pages: Array<{ url: string; ready: string }> = [
  { url: "/", ready: "Top Trending Tips" },
  { url: "/explore-gardeners", ready: "Total Shared Tips" },
  { url: "/no-such-page", ready: "The page cannot be found." },
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    for (const { url, ready } of pages) {
      test(`${url} has no WCAG 2.1 A/AA violations`, async ({ page }) => {
        await gotoWithTheme(page, url, theme);
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
