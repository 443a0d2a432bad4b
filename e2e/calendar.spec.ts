import type { Page } from "@playwright/test";
import {
  anotherMember,
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  test,
} from "./fixtures.ts";

/** A Wednesday early in March: sowing time in the north, autumn in the south. */
const DAY = new Date("2027-03-03T10:00:00Z");

/** Sets where the page's reader gardens, on the calendar's form. */
async function setPlace(
  page: Page,
  hemisphere: "Northern" | "Southern",
  lastFrost: string,
  firstFrost: string,
) {
  const form = page.getByRole("form", { name: "Where you garden" });
  await form.getByRole("radio", { name: `${hemisphere} hemisphere` }).click();
  await form.getByLabel("Last spring frost").fill(lastFrost);
  await form.getByLabel("First autumn frost").fill(firstFrost);
  await form.getByRole("button", { name: "Save where I garden" }).click();
}

const week = (page: Page) => page.getByRole("region", { name: /^Sow this week/ });

test.describe("the garden calendar", () => {
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`gardeners in the two hemispheres see their own week on the same day (${theme}, ${width} px)`, async ({
      page,
      login,
      browser,
    }, testInfo) => {
      await page.clock.setFixedTime(DAY);
      await page.setViewportSize({ width, height: 900 });
      await login();
      await gotoWithTheme(page, "/calendar", theme);
      await setPlace(page, "Northern", "2027-04-20", "2027-10-20");
      await expect(page.getByText("Saved to your profile")).toBeVisible();
      await expect(week(page)).toContainText("Sow this week, Mon 1 Mar to Sun 7 Mar");
      await expect(week(page).getByRole("link", { name: "Tomato" })).toBeVisible();
      await expectNoA11yViolations(page, `the calendar, north, ${theme}`);
      await keepScreenshot(page, testInfo.outputPath(`calendar-${theme}-${width}.png`));

      const south = await anotherMember(browser, "south");
      await south.page.clock.setFixedTime(DAY);
      await south.page.setViewportSize({ width, height: 900 });
      await gotoWithTheme(south.page, "/calendar", theme);
      await setPlace(south.page, "Southern", "2027-10-01", "2027-04-20");
      await expect(week(south.page).getByRole("link", { name: "Spinach" })).toBeVisible();
      await expect(week(south.page).getByRole("link", { name: "Tomato" })).toHaveCount(0);
      await south.context.close();

      // The crop's page gives its dates for the member's own place, kept on their profile.
      await week(page).getByRole("link", { name: "Tomato" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Tomato" })).toBeVisible();
      await expect(page.getByText("Plant out")).toBeVisible();
      await expect(page.getByText("27 April 2027 to 17 May 2027")).toBeVisible();
      await expectNoA11yViolations(page, `a crop's page, ${theme}`);
    });

  test("works without a connection once loaded, for a visitor whose place stays in the browser", async ({
    page,
    context,
  }) => {
    await page.clock.setFixedTime(DAY);
    await page.goto("/calendar");
    await setPlace(page, "Northern", "2027-04-20", "2027-10-20");
    await expect(week(page).getByRole("link", { name: "Tomato" })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Change" }).click();
    await setPlace(page, "Southern", "2027-10-01", "2027-04-20");
    await expect(page.getByText("Saved in this browser").last()).toBeVisible();
    await expect(week(page).getByRole("link", { name: "Spinach" })).toBeVisible();
    await expect(week(page).getByRole("link", { name: "Tomato" })).toHaveCount(0);
    await context.setOffline(false);
  });
});
