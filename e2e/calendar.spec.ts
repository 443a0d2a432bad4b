import type { Page } from "@playwright/test";
import { runClockedJob } from "../src/server/ops/test-clock.ts";
import { yaconCrop } from "../src/server/test/crop-fixtures.ts";
import {
  administrator,
  anotherMember,
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  layoutShift,
  recordLayoutShifts,
  test,
  throttleLikeAPhone,
} from "./fixtures.ts";
import { dataDir, E2E } from "./support/env.ts";

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
  const cleanups: Array<() => Promise<void>> = [];
  test.afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  // Each journey in one theme and width, the two sharing both out (ADR 094); the site's crop and the
  // offline visitor add a light phone and the default.
  for (const [theme, width] of [["light", 1280]] as const)
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
      // Scanned once the place's toast has gone and the reminder's button has its own colours, not the
      // faint ones either fades through.
      await expect(page.getByText("Saved to your profile")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Remind me when it's time to sow" })).toBeEnabled();
      await expectNoA11yViolations(page, `a crop's page, ${theme}`);
    });

  for (const [theme, width] of [["dark", 390]] as const)
    test(`a tip tagged with a crop is found on the crop's page, first for gardeners like its author (${theme}, ${width} px)`, async ({
      page,
      login,
      browser,
      searchWord,
    }, testInfo) => {
      await page.clock.setFixedTime(DAY);
      await page.setViewportSize({ width, height: 900 });
      await login();
      await gotoWithTheme(page, "/calendar", theme);
      await setPlace(page, "Northern", "2027-04-20", "2027-10-20");
      await expect(page.getByText("Saved to your profile")).toBeVisible();

      // The northern member shares a tip and names its crop in French, as the form allows.
      const northTitle = `Thin spinach early ${searchWord}`;
      await page.goto("/share-garden-tip");
      await page.getByLabel("Title").fill(northTitle);
      await page.getByLabel("Plant type").fill("Spinach");
      await page.getByLabel("Category").selectOption("Vegetables");
      await page.getByLabel("Image URL").fill(`${E2E.baseURL}/images/tips/raised-vegetable-bed.svg`);
      await page.getByLabel("Description").fill("Thin to a hand's width before the leaves touch.");
      await page.getByLabel("Crops (optional)").fill("Épinard");
      await page.getByLabel("Crops (optional)").press("Enter");
      await expect(page.getByRole("list", { name: "Crops chosen" })).toContainText("Spinach");
      // And says when, in months of its own hemisphere (the form starts on the member's).
      const when = page.getByRole("group", { name: "When (optional)" });
      await when.getByLabel("When it is for").selectOption("Months of the year");
      await expect(when.getByLabel("Hemisphere")).toHaveValue("north");
      await when.getByLabel("To month").selectOption("May");
      await keepScreenshot(page, testInfo.outputPath(`share-when-${theme}-${width}.png`), { fullPage: true });
      await page.getByRole("button", { name: "Share Tip" }).click();
      await expect(page.getByText("Tip submitted successfully!")).toBeVisible();

      // A southern member has shared one too.
      const south = await anotherMember(browser, "south");
      const southTitle = `Sow spinach after the heat ${searchWord}`;
      const settings = await south.page.request.patch("/api/settings", {
        data: { hemisphere: "south", lastFrost: "10-01", firstFrost: "04-20" },
        headers: { Origin: E2E.baseURL },
      });
      expect(settings.status()).toBe(200);
      const shared = await south.page.request.post("/api/tips", {
        data: {
          title: southTitle,
          plantType: "Spinach",
          difficulty: "Easy",
          description: "Wait for the first cool nights of autumn, then sow a row a fortnight.",
          category: "Vegetables",
          crops: ["spinach"],
        },
        headers: { Origin: E2E.baseURL },
      });
      expect(shared.status(), await shared.text()).toBe(201);
      const southTip = ((await shared.json()) as { _id: string })._id;
      // The southern member's tip and context are theirs to remove once the test ends, whatever happens:
      // the fixtures remove only the tips of the accounts `login` made.
      cleanups.push(async () => {
        await south.page.request.delete(`/api/tips/${southTip}`, { headers: { Origin: E2E.baseURL } });
        await south.context.close();
      });
      // Each reads the crop's page with their own kind of garden first.
      const groupOf = (reader: Page, heading: string) =>
        reader.getByRole("region", { name: /^Tips about Spinach/ }).locator("div", {
          has: reader.getByRole("heading", { level: 3, name: heading }),
        });
      await gotoWithTheme(page, "/crops/spinach", theme);
      await expect(groupOf(page, "From gardeners with frosts like yours")).toContainText(northTitle);
      await expect(groupOf(page, "From gardeners elsewhere")).toContainText(southTitle);
      await expect(page.getByRole("button", { name: "Remind me when it's time to sow" })).toBeEnabled();
      await expectNoA11yViolations(page, `a crop's page with its tips, ${theme}`);
      await keepScreenshot(page, testInfo.outputPath(`crop-tips-${theme}-${width}.png`), {
        fullPage: true,
      });
      await south.page.goto("/crops/spinach");
      await expect(groupOf(south.page, "From gardeners with frosts like yours")).toContainText(southTitle);
      await expect(groupOf(south.page, "From gardeners elsewhere")).toContainText(northTitle);
      // The northern tip's months, read in the south, come six months on, with a note saying so.
      await south.page
        .getByRole("link", { name: new RegExp(northTitle) })
        .first()
        .click();
      await expect(south.page.getByText("September to November where you garden")).toBeVisible();
      await expect(
        south.page.getByText(
          "Shifted six months for the southern hemisphere: the author wrote March to May in the northern hemisphere.",
        ),
      ).toBeVisible();
      await keepScreenshot(south.page.getByRole("article"), testInfo.outputPath(`when-shifted-${theme}.png`));

      // The tip's page links its crop; Browse Tips filters by it.
      await page
        .getByRole("link", { name: new RegExp(northTitle) })
        .first()
        .click();
      await expect(
        page.getByRole("list", { name: "Crops" }).getByRole("link", { name: "Spinach" }),
      ).toBeVisible();
      await expect(page.getByText("March to May in the northern hemisphere")).toBeVisible();
      await expect(page.getByText(/Shifted six months/)).toHaveCount(0);
      const tipPage = page.url();

      // Reminded when it is time to sow, from the tip: the day comes on the test server's clock.
      await page.getByRole("button", { name: "Remind me when it's time to sow Spinach" }).click();
      await expect(page.getByRole("status").filter({ hasText: "We will remind you on" })).toContainText(
        /on \d{1,2} \w+ \d{4}, to sow Spinach (outdoors|for autumn and winter)\./,
      );
      await expectNoA11yViolations(page, `a tip's reminder, ${theme}`);
      await keepScreenshot(page, testInfo.outputPath(`tip-reminder-${theme}-${width}.png`), {
        fullPage: true,
      });
      const { reminder } = (await (await page.request.get("/api/crops/spinach/reminder")).json()) as {
        reminder: { remindAt: string };
      };
      const session = (await (await page.request.get("/api/auth/get-session")).json()) as {
        user: { email: string };
      };
      const sowingAt = (offset: number) =>
        runClockedJob(dataDir, {
          job: "sowing",
          at: new Date(Date.parse(reminder.remindAt) + offset).toISOString(),
          email: session.user.email,
        });
      expect(await sowingAt(-60_000)).toBe(0);
      expect(await sowingAt(60_000)).toBe(1);
      await page.goto("/notifications");
      await page
        .getByRole("list", { name: "Your notifications" })
        .getByRole("link", { name: new RegExp(`Time to sow: Spinach, as “${northTitle}” says`) })
        .click();
      await expect(page).toHaveURL(/\/crops\/spinach$/);
      await page.goto(tipPage);
      await page.goto(`/browse-tips?q=${searchWord}`);
      await page.getByLabel("Filter by Crop").selectOption("spinach");
      await expect(page).toHaveURL(/crop=spinach/);
      await expect(page.getByText(northTitle).first()).toBeVisible();
      await expect(page.getByText(southTitle).first()).toBeVisible();
      await page.getByLabel("Filter by Crop").selectOption("tomato");
      await expect(page.getByText("No public tips found.")).toBeVisible();

      // This week's sowing greets the member on the home page and the dashboard.
      await page.goto("/");
      const sow = page.getByRole("region", { name: "Sow this week" });
      await expect(sow.getByRole("link", { name: "Tomato" })).toBeVisible();
      await expectNoA11yViolations(page, `the home page with this week's sowing, ${theme}`);
      await page.goto("/dashboard");
      await expect(
        page.getByRole("region", { name: "Sow this week" }).getByRole("link", { name: "Tomato" }),
      ).toBeVisible();
      await keepScreenshot(page, testInfo.outputPath(`dashboard-sow-${theme}-${width}.png`));
    });

  test("a crop the site's administrator adds has its page and its place in the calendar at once", async ({
    page,
    browser,
  }, testInfo) => {
    const admin = await administrator(browser, "calendar");
    cleanups.push(() => admin.context.close());
    const crop = yaconCrop();
    const added = await admin.page.request.put("/api/crops/yacon", {
      data: crop,
      headers: { Origin: E2E.baseURL },
    });
    expect(added.status(), await added.text()).toBe(201);
    cleanups.unshift(async () => {
      const removed = await admin.page.request.delete("/api/crops/yacon?untag=true", {
        headers: { Origin: E2E.baseURL },
      });
      expect(removed.status()).toBe(204);
    });

    await page.clock.setFixedTime(DAY);
    await page.setViewportSize({ width: 390, height: 900 });
    // The server renders its page like a shipped crop's.
    expect((await page.request.get("/crops/yacon")).status()).toBe(200);
    await gotoWithTheme(page, "/crops/yacon", "light");
    await expect(page.getByRole("heading", { level: 1, name: "Yacon" })).toBeVisible();
    await expect(page.getByText("Smallanthus sonchifolius")).toBeVisible();
    await page.getByRole("link", { name: "Tell the calendar where you garden" }).click();
    await setPlace(page, "Northern", "2027-04-20", "2027-10-20");
    // Sown indoors from six weeks before a last frost on 20 April to the end of the second before: this month.
    const month = page.getByRole("region", { name: /^This month/ });
    await month.getByRole("link", { name: "Yacon" }).click();
    await expect(page.getByText("9 March 2027 to 12 April 2027")).toBeVisible();
    await keepScreenshot(page, testInfo.outputPath("site-crop-light-390.png"));
  });

  test("a crop page comes whole from the server, its tips with it, and does not move as its script runs", async ({
    browser,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    const tip = await createTip({ title: `Kohlrabi in rows ${searchWord}`, crops: ["kohlrabi"] });
    // A visitor's first page of a visit, on a phone.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    cleanups.push(() => visitor.close());
    const page = await visitor.newPage();
    expect(await (await page.request.get("/crops/kohlrabi")).text()).toContain(tip.title);
    await recordLayoutShifts(page);
    await throttleLikeAPhone(page);
    await page.goto("/crops/kohlrabi");
    await expect(page.getByRole("link", { name: "Tell the calendar where you garden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: tip.title })).toBeVisible();
    expect(await layoutShift(page), "layout shift of a crop page").toBeLessThan(0.01);
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
