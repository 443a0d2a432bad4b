import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, expectNoA11yViolations, gotoWithTheme, newAccount, test } from "./fixtures.ts";
import { E2E } from "./support/env.ts";

/** Likes the tips as a fresh account of its own, through the API (a second gardener). */
async function likeAsSomeoneElse(playwright: PlaywrightWorkerArgs["playwright"], tipIds: string[]) {
  const api = await playwright.request.newContext({
    baseURL: E2E.baseURL,
    extraHTTPHeaders: { Origin: E2E.baseURL },
  });
  try {
    expect((await api.post("/api/auth/sign-up/email", { data: newAccount("liker") })).status()).toBe(200);
    for (const id of tipIds) expect((await api.post(`/api/tips/${id}/like`)).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
/** The title in each row (the first line of the first cell: the plant type may follow). */
const titleCells = (page: Page) => rows(page).locator("td:first-child > :first-child");
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

test.describe("dashboard", () => {
  test("the Dashboard link leads to the overview: welcome, figures, charts, recent tips, quick actions", async ({
    page,
    playwright,
    login,
    createTip,
  }) => {
    const me = await login();
    const shared = await createTip({ category: "Herbs" });
    await createTip({ availability: "Private", category: "Herbs" });
    await likeAsSomeoneElse(playwright, [shared._id]);

    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle("Dashboard - Gardening Community");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${me.name}!`);
    await expect(page.getByTestId("stat-my-tips")).toHaveText("2");
    await expect(page.getByTestId("stat-total-tips")).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId("stat-total-gardeners")).toHaveText(/^\d[\d,]*$/);
    for (const label of ["Total Tips", "My Tips", "Total Gardeners"])
      await expect(
        page.getByRole("list", { name: "Figures" }).getByText(label, { exact: true }),
      ).toBeVisible();

    // The charts say what they show in words and as a table.
    const likes = page.getByRole("figure", { name: "Likes on your tips, per week" });
    await expect(likes).toContainText("Your tips received 1 like in the last 12 weeks, 1 of them this week.");
    await likes.getByText("Show the numbers").click();
    await expect(likes.getByRole("row")).toHaveCount(13);
    const categories = page.getByRole("figure", { name: "Public tips by category" });
    await categories.getByText("Show the numbers").click();
    await expect(categories.getByRole("row", { name: /^Herbs \d+$/ })).toBeVisible();

    await expect(page.getByRole("region", { name: "Recent tips" }).getByRole("listitem")).toHaveCount(5);
    const actions = page.getByRole("region", { name: "Quick Actions" });
    await expect(actions.getByRole("link", { name: "Add a new tip" })).toHaveAttribute(
      "href",
      "/dashboard/add-tip",
    );
    await expect(actions.getByRole("link", { name: "Manage my tips" })).toHaveAttribute(
      "href",
      "/dashboard/my-tips",
    );
    await expect(actions.getByRole("link", { name: "Browse all tips" })).toHaveAttribute(
      "href",
      "/dashboard/all-tips",
    );

    // The sidebar: the four sections, the current one highlighted.
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    // A member's menu leads to their reports too; the team's also to moderation.
    await expect(sidebar.getByRole("link")).toHaveText([
      "Overview",
      "All Tips",
      "Add Tip",
      "My Tips",
      "Your reports",
    ]);
    await expect(sidebar.getByRole("link", { name: "Your reports" })).toHaveAttribute("href", "/reports");
    await expect(sidebar.getByRole("link", { name: "Overview" })).toHaveClass(/menu-active/);
    await sidebar.getByRole("link", { name: "All Tips" }).click();
    await expect(sidebar.getByRole("link", { name: "All Tips" })).toHaveClass(/menu-active/);
    await expect(sidebar.getByRole("link", { name: "Overview" })).not.toHaveClass(/menu-active/);
    await expect(page.getByRole("img", { name: me.name })).toBeVisible();
  });

  test("All Tips searches, sorts each way, cuts descriptions to 50 characters, and keeps it all in the URL", async ({
    page,
    playwright,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    const long =
      "Pinch out the growing tips of basil every week so the plant bushes out instead of flowering.";
    const banana = await createTip({ title: "Banana peel feed", description: long });
    const apple = await createTip({ title: "apple tree pruning" });
    const cherry = await createTip({ title: "Cherry netting", availability: "Private" });
    const date = await createTip({ title: "Date palm shade" });
    await likeAsSomeoneElse(playwright, [date._id, date._id]);
    await likeAsSomeoneElse(playwright, [date._id, apple._id]);

    await page.goto("/dashboard/all-tips");
    await page.getByLabel("Search tips").fill(searchWord);
    await expect(page).toHaveURL(new RegExp(`q=${searchWord}`));
    await settled(page);
    // Only public tips: the private one is not in All Tips.
    await expect(page.getByText(/^Showing 3 of [\d,]+ tips$/)).toBeVisible();
    await expect(titleCells(page)).toHaveText([date.title, apple.title, banana.title]);
    expect(cherry.availability).toBe("Private");

    const sort = page.getByLabel("Sort by");
    await expect(sort).toHaveValue("newest");
    await sort.selectOption({ label: "Oldest" });
    await settled(page);
    await expect(titleCells(page)).toHaveText([banana.title, apple.title, date.title]);
    await sort.selectOption({ label: "Most liked" });
    await settled(page);
    await expect(titleCells(page)).toHaveText([date.title, apple.title, banana.title]);
    await sort.selectOption({ label: "Alphabetical" });
    await settled(page);
    await expect(titleCells(page)).toHaveText([apple.title, banana.title, date.title]);
    await expect(page).toHaveURL(/sort=title/);

    // The description is cut to 50 characters with an ellipsis; the whole of it is its title.
    const bananaRow = rows(page).filter({ hasText: banana.title });
    await expect(bananaRow.getByText(`${long.slice(0, 50).trimEnd()}…`, { exact: true })).toBeVisible();
    await expect(bananaRow.getByRole("link", { name: /View Details/ })).toHaveAttribute(
      "href",
      `/tips/${banana._id}`,
    );

    // Back restores the previous order, a reload keeps the current one.
    await page.goBack();
    await expect(sort).toHaveValue("likes");
    await expect(titleCells(page)).toHaveText([date.title, apple.title, banana.title]);
    await page.reload();
    await expect(page.getByLabel("Search tips")).toHaveValue(searchWord);
    await expect(sort).toHaveValue("likes");
  });

  test("My Tips lists own tips of every availability, searches and sorts, and deletes after confirming", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    const description = "Water the seedlings from below so the compost stays loose and the stems stay dry.";
    const first = await createTip({ title: "Zinnia seedlings", description, plantType: "Zinnia" });
    const second = await createTip({ title: "Aster cuttings", availability: "Private", category: "Flowers" });
    const third = await createTip({ title: "Marigold border", availability: "Hidden" });

    await page.goto("/dashboard/my-tips");
    await expect(page.getByRole("link", { name: "Add New Tip" })).toHaveAttribute(
      "href",
      "/dashboard/add-tip",
    );
    await expect(titleCells(page)).toHaveText([third.title, second.title, first.title]);
    await expect(rows(page).filter({ hasText: second.title })).toContainText("Private");
    await expect(rows(page).filter({ hasText: third.title })).toContainText("Hidden");
    await expect(
      rows(page)
        .filter({ hasText: first.title })
        .getByText(`${description.slice(0, 60).trimEnd()}…`),
    ).toBeVisible();

    // Search covers title, category and plant type.
    await page.getByLabel("Search tips").fill("flowers");
    await settled(page);
    await expect(titleCells(page)).toHaveText([second.title]);
    await page.getByLabel("Search tips").fill("zinnia");
    await settled(page);
    await expect(titleCells(page)).toHaveText([first.title]);
    await page.getByLabel("Search tips").fill(searchWord);
    await settled(page);
    await page.getByLabel("Sort by").selectOption({ label: "Alphabetical" });
    await settled(page);
    await expect(titleCells(page)).toHaveText([second.title, third.title, first.title]);

    const row = rows(page).filter({ hasText: first.title });
    await expect(row.getByRole("link", { name: /^View/ })).toHaveAttribute("href", `/tips/${first._id}`);
    await expect(row.getByRole("link", { name: /^Edit/ })).toHaveAttribute(
      "href",
      `/update-tip/${first._id}`,
    );
    await row.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete tip" });
    await expect(dialog).toContainText("Are you sure you want to delete this tip?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Tip deleted successfully!")).toBeVisible();
    await expect(titleCells(page)).toHaveText([second.title, third.title]);
    expect((await page.request.get(`/api/tips/${first._id}`)).status()).toBe(404);
  });

  test.describe("when the server fails", () => {
    test.use({ allowConsoleErrors: [/500 \(Internal Server Error\)/] });

    test("a failed delete says so and keeps the tip", async ({ page, login, createTip }) => {
      await login();
      const tip = await createTip({ title: "Kept despite the failure" });
      await page.route(`**/api/tips/${tip._id}`, (route) =>
        route.request().method() === "DELETE"
          ? route.fulfill({ status: 500, json: { message: "Something went wrong" } })
          : route.fallback(),
      );
      await page.goto("/dashboard/my-tips");
      await rows(page)
        .filter({ hasText: tip.title })
        .getByRole("button", { name: /^Delete/ })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Failed to delete tip")).toBeVisible();
      await expect(rows(page).filter({ hasText: tip.title })).toBeVisible();
    });
  });

  test.describe("Add Tip", () => {
    test.use({ allowConsoleErrors: [/500 \(Internal Server Error\)/] });

    test("a failure keeps everything typed; then it is added, and My Tips follows 2 seconds later", async ({
      page,
      login,
      searchWord,
    }) => {
      const me = await login();
      await page.goto("/dashboard/add-tip");
      await expect(page.getByRole("heading", { name: "Share a Garden Tip" })).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue(me.name);
      await expect(page.getByLabel("Your email")).toHaveValue(me.email);
      await expect(page.getByLabel("Difficulty")).toHaveValue("");
      await expect(page.getByLabel("Category")).toHaveValue("");
      await expect(page.getByLabel("Difficulty").locator("option").first()).toHaveText("Select");
      await expect(page.getByLabel("Availability").locator("option")).toHaveText(["Public", "Private"]);
      await expect(page.getByLabel("Availability")).toHaveValue("Public");

      await page.getByRole("button", { name: "Add Tip" }).click();
      await expect(page.getByText("Choose a difficulty")).toBeVisible();
      await expect(page.getByText("Choose a category")).toBeVisible();

      const title = `Cold frame ${searchWord}`;
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Plant type").fill("Lettuce");
      await page.getByLabel("Difficulty").selectOption("Medium");
      await page.getByLabel("Category").selectOption("Seasonal Care");
      await page.getByLabel("Availability").selectOption("Private");
      await page.getByLabel("Description").fill("A cold frame gives lettuce six more weeks in autumn.");

      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/tips", async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        await held;
        await route.fulfill({ status: 500, json: { message: "Something went wrong on our side." } });
      });
      await page.getByRole("button", { name: "Add Tip" }).click();
      await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
      release();
      await expect(page.getByText("Failed to add tip. Please try again.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Add Tip" })).toBeEnabled();
      await expect(page.getByLabel("Title")).toHaveValue(title);
      await expect(page.getByLabel("Category")).toHaveValue("Seasonal Care");
      await expect(page.getByLabel("Availability")).toHaveValue("Private");

      await page.unroute("**/api/tips");
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && new URL(response.url()).pathname === "/api/tips",
      );
      await page.getByRole("button", { name: "Add Tip" }).click();
      // Counted from the answer: the toast may be noticed late (assertions retry at intervals), which
      // would leave less than the two seconds between seeing it and the redirect.
      expect((await saved).status()).toBe(201);
      const added = Date.now();
      await expect(page.getByText("Garden tip added successfully!")).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/my-tips$/, { timeout: 5_000 });
      expect(Date.now() - added).toBeGreaterThan(1_000);
      const row = rows(page).filter({ hasText: title });
      await expect(row).toContainText("Private");
      await expect(row).toContainText("Seasonal Care");
    });

    test("Cancel returns to the overview", async ({ page, login }) => {
      await login();
      await page.goto("/dashboard/add-tip");
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  test("an edit started from the dashboard comes back to the dashboard's My Tips", async ({
    page,
    login,
    createTip,
  }) => {
    await login();
    const tip = await createTip({ title: "Edit me from the dashboard" });
    await page.goto("/dashboard/my-tips");
    await rows(page)
      .filter({ hasText: tip.title })
      .getByRole("link", { name: `Edit ${tip.title}` })
      .click();
    await expect(page).toHaveURL(`/update-tip/${tip._id}`);
    await page.getByLabel("Plant type").fill("Runner bean");
    await page.getByRole("button", { name: "Update Tip" }).click();
    await expect(page.getByText("Tip updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/my-tips$/, { timeout: 5_000 });
  });

  test("the numbers agree after a share and a like, with no reload", async ({ page, login, createTip }) => {
    await login();
    const tip = await createTip();
    await page.goto("/dashboard");
    await expect(page.getByTestId("stat-my-tips")).toHaveText("1");
    // Shared from the add form: the figure moves without a reload.
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Tip" }).click();
    await page.getByLabel("Title").fill("A second tip of mine");
    await page.getByLabel("Plant type").fill("Mint");
    await page.getByLabel("Difficulty").selectOption("Easy");
    await page.getByLabel("Category").selectOption("Herbs");
    await page.getByLabel("Description").fill("Grow mint in a pot so it cannot take over the bed.");
    await page.getByRole("button", { name: "Add Tip" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-tips$/, { timeout: 5_000 });
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await expect(page.getByTestId("stat-my-tips")).toHaveText("2");
    // A like given on the tip's page shows on the overview's chart at once.
    await page.goto(`/tips/${tip._id}`);
    await page.getByRole("button", { name: "Like" }).click();
    await expect(page.getByText("1 like", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect(page.getByRole("figure", { name: "Likes on your tips, per week" })).toContainText(
      "received 1 like",
    );
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the sidebar is a drawer: a button opens it, Esc and a tap outside close it, focus stays inside", async ({
      page,
      login,
    }) => {
      await login();
      await page.goto("/dashboard");
      const open = page.getByRole("button", { name: "Open dashboard menu" });
      const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
      await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
      await open.click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();

      await open.click();
      await expect(drawer).toBeVisible();
      // Focus cycles within the drawer.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(
          true,
        );
      }
      await page.mouse.click(350, 400);
      await expect(drawer).toBeHidden();

      await open.click();
      await drawer.getByRole("link", { name: "My Tips" }).click();
      await expect(page).toHaveURL(/\/dashboard\/my-tips$/);
      await expect(drawer).toBeHidden();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });

    test("My Tips rows become cards with every action in reach", async ({ page, login, createTip }) => {
      await login();
      const tip = await createTip({ title: "Unbroken".repeat(13) });
      await page.goto("/dashboard/my-tips");
      const card = page.getByRole("listitem").filter({ hasText: "Public" });
      await expect(card.getByRole("link", { name: `Edit ${tip.title}` })).toBeInViewport();
      await expect(card.getByRole("button", { name: `Delete ${tip.title}` })).toBeInViewport();
      await expect(card.getByRole("link", { name: `View ${tip.title}` })).toHaveAttribute(
        "href",
        `/tips/${tip._id}`,
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    });
  });

  // Each page in one theme, the two themes sharing them out (ADR 094).
  for (const [theme, paths] of [
    ["light", ["/dashboard", "/dashboard/add-tip"]],
    ["dark", ["/dashboard/all-tips", "/dashboard/my-tips"]],
  ] as const)
    test(`every dashboard page has no WCAG 2.1 A/AA violations (${theme}: ${paths.join(", ")})`, async ({
      page,
      login,
      createTip,
    }) => {
      await login();
      await createTip({
        description: "A description that is long enough to be cut in the dashboard tables.",
      });
      await gotoWithTheme(page, paths[0], theme);
      for (const path of paths) {
        if (page.url() !== new URL(path, page.url()).href) await page.goto(path);
        if (path === "/dashboard")
          await expect(page.getByRole("figure", { name: "Public tips by category" })).toBeVisible();
        else if (path === "/dashboard/add-tip") {
          await page.getByRole("button", { name: "Add Tip" }).click();
          await expect(page.getByText("Choose a category")).toBeVisible();
        } else await expect(rows(page).first()).toBeVisible();
        await expectNoA11yViolations(
          page,
          `${path}${path.endsWith("add-tip") ? " with errors" : ""} (${theme})`,
        );
      }
    });
});

test("a member's pages tell search engines to leave them out; the public pages do not", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Mulch the beds before the frost" });
  for (const route of ["/dashboard", "/dashboard/my-tips", "/my-tips", `/tips/${tip._id}`, "/profile"]) {
    const answer = await page.goto(route);
    expect(answer?.headers()["x-robots-tag"], route).toBe("noindex");
    await expect(page.locator('head meta[name="robots"]'), route).toHaveAttribute("content", "noindex");
  }
  for (const route of ["/", "/browse-tips", "/explore-gardeners"]) {
    const answer = await page.goto(route);
    expect(answer?.headers()["x-robots-tag"], route).toBeUndefined();
    await expect(page.locator('meta[name="robots"]'), route).toHaveCount(0);
  }
});
