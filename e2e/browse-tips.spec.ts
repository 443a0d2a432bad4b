import type { Tip } from "../src/shared/schemas/tip.ts";
import { expect, expectNoA11yViolations, gotoWithTheme, test, uniqueWord } from "./fixtures.ts";

const rows = (page: import("@playwright/test").Page) => page.getByRole("table").locator("tbody tr");

test.describe("Browse Tips", () => {
  test("lists public tips in a table with the spec's columns", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    // One more than a page; shared one after another, so the last is the newest.
    let newest: Tip | undefined;
    for (let i = 0; i < 11; i++) newest = await createTip();
    if (!newest) throw new Error("no tip shared");
    await page.context().clearCookies();
    await page.goto(`/browse-tips?q=${searchWord}`);
    await expect(page.getByRole("heading", { name: "Public Garden Tips" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Public Garden Tips" })).toBeVisible();
    const headers = page.getByRole("columnheader");
    await expect(headers).toHaveText(["Image", "Title", "Category", "Level", "Action"]);
    await expect(rows(page)).toHaveCount(10);
    // Newest first.
    const first = rows(page).first();
    await expect(first.locator("td:nth-child(2)")).toHaveText(newest.title);
    const link = first.getByRole("link", { name: /See More/ });
    await expect(link).toHaveAttribute("href", `/tips/${newest._id}`);
    // The thumbnail is named after its tip; the phone layout's cards are not in the DOM beside the table.
    await expect(first.getByRole("img", { name: newest.title })).toBeVisible();
    await expect(page.getByText(newest.title, { exact: true })).toHaveCount(1);
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("a page past the last one shows the last page instead of an empty list", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    // Twelve Easy tips fill two pages of ten; with the Medium ones a list ignoring the level would fill three.
    await Promise.all([
      ...Array.from({ length: 12 }, () => createTip({ difficulty: "Easy" })),
      ...Array.from({ length: 10 }, () => createTip({ difficulty: "Medium" })),
    ]);
    await page.context().clearCookies();
    await page.goto(`/browse-tips?q=${searchWord}&level=Easy&page=999`);
    await expect(page).toHaveURL(new RegExp(`\\?q=${searchWord}&level=Easy&page=2$`));
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByText("No public tips found.")).toHaveCount(0);
    // Replaced, not pushed: Back leaves the page rather than returning to the page that does not exist.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=999/);
  });

  test("filter, search and page live in the URL and survive a reload", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    // Twelve Easy tips (the first three about compost) and three Medium ones (one about compost), shared one
    // after another: newest first, the Easy list's second page holds the first two Easy tips.
    const easy: Tip[] = [];
    for (let i = 1; i <= 12; i++) {
      const title = i <= 3 ? `Compost ${searchWord} ${i}` : `Easy ${i}`;
      easy.push(await createTip({ title, difficulty: "Easy" }));
    }
    for (const title of [`Compost ${searchWord} medium`, "Medium 2", "Medium 3"])
      await createTip({ title, difficulty: "Medium" });
    const secondPage = easy
      .slice(0, 2)
      .map((tip) => tip.title)
      .reverse();

    await page.context().clearCookies();
    await page.goto(`/browse-tips?q=${searchWord}`);
    await expect(page.getByText(`15 tips matching “${searchWord}”`, { exact: true })).toBeVisible();
    await page.getByLabel("Filter by Level").selectOption("Easy");
    await expect(page).toHaveURL(/level=Easy/);
    await expect(page.getByText(`12 tips matching “${searchWord}” at Easy level`)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(rows(page).locator("td:nth-child(4)")).toHaveText(Array(10).fill("Easy"));

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(rows(page).locator("td:nth-child(2)")).toHaveText(secondPage);

    await page.reload();
    await expect(page.getByLabel("Filter by Level")).toHaveValue("Easy");
    await expect(rows(page).locator("td:nth-child(2)")).toHaveText(secondPage);

    const query = `compost ${searchWord}`;
    await page.getByLabel("Search tips").fill(query);
    await expect(page).toHaveURL(new RegExp(`q=compost\\+${searchWord}`));
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText(`3 tips matching “${query}” at Easy level`)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(3);
    for (const row of await rows(page).all()) await expect(row).toContainText(/compost/i);
    await expect(rows(page).locator("td:nth-child(4)").filter({ hasNotText: "Easy" })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel("Search tips")).toHaveValue(query);
  });

  test("says so when nothing matches, and clears the search", async ({ page, searchWord }) => {
    // No tip carries this test's word.
    await page.goto(`/browse-tips?q=${searchWord}`);
    await expect(page.getByText("No public tips found.")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    // The demo data's public tips alone fill the first page, and no test can hide or delete them.
    await expect(rows(page)).toHaveCount(10);
  });

  test("hidden and private tips never appear", async ({ page, request, login, createTip, searchWord }) => {
    await login();
    const shown = await createTip({ title: "Shown", availability: "Public" });
    const hidden = await createTip({ title: "Hidden", availability: "Hidden" });
    const unlisted = await createTip({ title: "Private", availability: "Private" });
    // Not in the public list or its total, for a visitor nor for their author.
    for (const api of [request, page.request]) {
      const response = await api.get("/api/tips", { params: { q: searchWord } });
      expect(((await response.json()) as Tip[]).map((tip) => tip._id)).toEqual([shown._id]);
      expect(response.headers()["x-total-count"]).toBe("1");
    }
    const all = (await (await request.get("/api/tips?limit=100")).json()) as Tip[];
    expect(all.every((tip) => tip.availability === "Public")).toBe(true);

    // Nor does the page's search find them, for their author or for a visitor.
    await page.goto(`/browse-tips?q=${searchWord}`);
    for (const signedIn of [true, false]) {
      if (!signedIn) {
        await page.context().clearCookies();
        await page.reload();
      }
      await expect(page.getByText(`1 tip matching “${searchWord}”`, { exact: true })).toBeVisible();
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(shown.title);
      await expect(page.getByText(hidden.title)).toHaveCount(0);
      await expect(page.getByText(unlisted.title)).toHaveCount(0);
    }
  });

  test("See More takes a visitor to sign in first", async ({ page, login, createTip, searchWord }) => {
    await login();
    const tip = await createTip();
    await page.context().clearCookies();
    await page.goto(`/browse-tips?q=${searchWord}`);
    await page.getByRole("link", { name: `See More about this tip: ${tip.title}` }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("shows readable cards instead of the table, and the menu search fills it", async ({
      page,
      login,
      createTip,
      searchWord,
    }) => {
      await login();
      await createTip({ title: "Basil in pots", plantType: "Basil", category: "Herbs" });
      await createTip({ title: "Basil from cuttings", plantType: "Basil", category: "Herbs" });
      await page.context().clearCookies();
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByPlaceholder("Search...").fill(searchWord);
      await page.getByPlaceholder("Search...").press("Enter");
      await expect(page).toHaveURL(new RegExp(`/browse-tips\\?q=${searchWord}$`));
      await expect(page.getByRole("table")).toHaveCount(0);
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(2);
      for (const card of await cards.all()) await expect(card).toContainText(searchWord);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  });

  for (const theme of ["light", "dark"] as const) {
    test(`has no WCAG 2.1 A/AA violations (${theme})`, async ({ page, login, createTip, searchWord }) => {
      await login();
      // A page and a bit, so the pagination shows, with a badge of every level.
      const levels = ["Easy", "Medium", "Hard"] as const;
      await Promise.all(Array.from({ length: 11 }, (_, i) => createTip({ difficulty: levels[i % 3] })));
      await page.context().clearCookies();
      await gotoWithTheme(page, `/browse-tips?q=${searchWord}`, theme);
      await expect(rows(page)).toHaveCount(10);
      await expect(page.getByText("Page 1 of 2")).toBeVisible();
      await expectNoA11yViolations(page, `/browse-tips (${theme})`);
      await gotoWithTheme(page, `/browse-tips?q=${uniqueWord()}`, theme);
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

test("Browse's level filter and search each add a history entry, so Back undoes them", async ({
  page,
  login,
  createTip,
  searchWord,
}) => {
  await login();
  await createTip({ difficulty: "Hard" });
  await createTip({ difficulty: "Easy" });
  await page.goto(`/browse-tips?q=${searchWord}`);
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(2);
  await page.getByLabel("Filter by Level").selectOption("Hard");
  await expect(page).toHaveURL(/level=Hard/);
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(1);
  await page.getByLabel("Search tips").fill(`${searchWord}x`);
  await expect(page).toHaveURL(new RegExp(`q=${searchWord}x`));
  await expect(page.getByText("No public tips found.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=${searchWord}&level=Hard$`));
  await expect(page.getByLabel("Search tips")).toHaveValue(searchWord);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=${searchWord}$`));
  await expect(page.getByLabel("Filter by Level")).toHaveValue("");
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(2);
});
