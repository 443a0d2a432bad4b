import { expect, expectNoA11yViolations, gotoWithTheme, test } from "./fixtures.ts";

const rows = (page: import("@playwright/test").Page) => page.getByRole("table").locator("tbody tr");

test.describe("Browse Tips", () => {
  test("lists public tips in a table with the spec's columns", async ({ page }) => {
    await page.goto("/browse-tips");
    await expect(page.getByRole("heading", { name: "Public Garden Tips" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Public Garden Tips" })).toBeVisible();
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText(["Image", "Title", "Category", "Level", "Action"]);
    await expect(rows(page)).toHaveCount(10);
    const first = rows(page).first();
    const link = first.getByRole("link", { name: /See More/ });
    await expect(link).toHaveAttribute("href", /^\/tips\/[0-9a-f-]{36}$/);
    // The thumbnail is named after its tip; the phone layout's cards are not in the DOM beside the table.
    const title = (await first.locator("td:nth-child(2)").textContent()) ?? "";
    await expect(first.getByRole("img", { name: title })).toBeVisible();
    await expect(page.getByText(title, { exact: true })).toHaveCount(1);
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("a page past the last one shows the last page instead of an empty list", async ({ page, request }) => {
    const easyTotal = Number((await request.get("/api/tips?difficulty=Easy")).headers()["x-total-count"]);
    const lastPage = Math.ceil(easyTotal / 10);
    await page.goto("/browse-tips?level=Easy&page=999");
    await expect(page).toHaveURL(new RegExp(`level=Easy&page=${lastPage}$`));
    await expect(page.getByText(`Page ${lastPage} of ${lastPage}`)).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByText("No public tips found.")).toHaveCount(0);
    // Replaced, not pushed: Back leaves the page rather than returning to the page that does not exist.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=999/);
  });

  test("filter, search and page live in the URL and survive a reload", async ({ page, request }) => {
    await page.goto("/browse-tips");
    await page.getByLabel("Filter by Level").selectOption("Easy");
    await expect(page).toHaveURL(/level=Easy/);
    await expect(rows(page).first()).toBeVisible();
    for (const badge of await rows(page).locator("td:nth-child(4)").allTextContents())
      expect(badge).toBe("Easy");

    const easyTotal = Number((await request.get("/api/tips?difficulty=Easy")).headers()["x-total-count"]);
    expect(easyTotal).toBeGreaterThan(10);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`Page 2 of ${Math.ceil(easyTotal / 10)}`)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const secondPage = await rows(page).locator("td:nth-child(2)").allTextContents();

    await page.reload();
    await expect(page.getByLabel("Filter by Level")).toHaveValue("Easy");
    await expect(rows(page).locator("td:nth-child(2)")).toHaveText(secondPage);

    await page.getByLabel("Search tips").fill("compost");
    await expect(page).toHaveURL(/q=compost/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText(/tips? matching “compost” at Easy level/)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(rows(page).first()).toContainText(/compost/i);
    await expect(rows(page).locator("td:nth-child(4)").filter({ hasNotText: "Easy" })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel("Search tips")).toHaveValue("compost");
  });

  test("says so when nothing matches, and clears the search", async ({ page }) => {
    await page.goto("/browse-tips?q=zzzz-no-such-plant");
    await expect(page.getByText("No public tips found.")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect(rows(page)).toHaveCount(10);
  });

  test("hidden and private tips never appear", async ({ page, request }) => {
    const all = await (await request.get("/api/tips?limit=100")).json();
    expect(all.every((t: { availability: string }) => t.availability === "Public")).toBe(true);
    await page.goto("/browse-tips?q=a");
    await expect(rows(page).first()).toBeVisible();
  });

  test("See More takes a visitor to sign in first", async ({ page }) => {
    await page.goto("/browse-tips");
    await rows(page)
      .first()
      .getByRole("link", { name: /See More/ })
      .click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("shows readable cards instead of the table, and the menu search fills it", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByPlaceholder("Search...").fill("basil");
      await page.getByPlaceholder("Search...").press("Enter");
      await expect(page).toHaveURL(/\/browse-tips\?q=basil$/);
      await expect(page.getByRole("table")).toHaveCount(0);
      const cards = page.getByRole("article");
      await expect(cards.first()).toBeVisible();
      for (const card of await cards.all()) await expect(card).toContainText(/basil/i);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no WCAG 2.1 A/AA violations (${theme})`, async ({ page }) => {
      await gotoWithTheme(page, "/browse-tips", theme);
      await expect(rows(page).first()).toBeVisible();
      await expectNoA11yViolations(page, `/browse-tips (${theme})`);
      await gotoWithTheme(page, "/browse-tips?q=zzzz", theme);
      await expect(page.getByText("No public tips found.")).toBeVisible();
      await expectNoA11yViolations(page, `/browse-tips empty (${theme})`);
    });
  }
});

test.describe("policy pages", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`privacy and terms are readable and accessible (${theme})`, async ({ page }) => {
      await gotoWithTheme(page, "/privacy", theme);
      await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle("Privacy Policy - Gardening Community");
      await expect(page.getByRole("main")).toContainText(/cookie/i);
      await expect(page.getByRole("main")).toContainText(/delete/i);
      await expectNoA11yViolations(page, `/privacy (${theme})`);
      await gotoWithTheme(page, "/terms", theme);
      await expect(page.getByRole("heading", { name: "Terms of Use", level: 1 })).toBeVisible();
      await expect(page).toHaveTitle("Terms of Use - Gardening Community");
      await expectNoA11yViolations(page, `/terms (${theme})`);
    });
  }
});
