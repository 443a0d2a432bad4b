import { expect, test } from "./fixtures.ts";

// Defects a walk of the site found (while the dashboard was built), each checked the way a visitor would
// meet it.

test.describe("the navbar", () => {
  for (const width of [1024, 1100, 1167, 1280]) {
    test(`signed in, with the Dashboard link, fits ${width} px without sideways scrolling`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await login();
      await page.goto("/browse-tips");
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(nav.getByRole("button", { name: "Logout" })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the menu closes on Esc, giving focus back to its button, and on a tap outside it", async ({
      page,
    }) => {
      await page.goto("/");
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.click();
      const search = page.getByPlaceholder("Search...");
      await expect(search).toBeVisible();
      await search.focus();
      await page.keyboard.press("Escape");
      await expect(search).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(search).toBeVisible();
      await page.mouse.click(200, 700);
      await expect(search).toBeHidden();
    });
  });
});

test("an unknown address answers HTTP 404 and shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /The page cannot be found/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  expect((await page.request.get("/dashboard/nothing-here")).status()).toBe(404);
  expect((await page.request.get("/browse-tips")).status()).toBe(200);
});

test("no page load warns about a missing HydrateFallback", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  for (const path of ["/", "/browse-tips", "/auth/login"]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
  }
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
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

test("the share form's category starts on a Select prompt and must be chosen", async ({ page, login }) => {
  await login();
  await page.goto("/share-garden-tip");
  const category = page.getByLabel("Category");
  await expect(category).toHaveValue("");
  await expect(category.locator("option").first()).toHaveText("Select");
  await page.getByRole("button", { name: "Share Tip" }).click();
  await expect(page.getByText("Choose a category")).toBeVisible();
});

test("a 120-character unbroken title leaves My Tips' actions in reach, on a desktop and on a phone", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "Abcdefghij".repeat(10) });
  expect(tip.title.length).toBeGreaterThan(100);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/my-tips");
    await expect(page.getByRole("button", { name: `Delete ${tip.title}` })).toBeInViewport();
    await expect(page.getByRole("link", { name: `Update ${tip.title}` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("a right-to-left title is laid out right to left wherever it shows", async ({
  page,
  login,
  createTip,
}) => {
  await login();
  const tip = await createTip({ title: "ري النباتات في الصباح الباكر" });
  await page.goto(`/tips/${tip._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveAttribute("dir", "auto");
  expect(await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).direction)).toBe(
    "rtl",
  );
  await page.goto("/my-tips");
  const link = page.getByRole("link", { name: tip.title, exact: true });
  expect(await link.evaluate((a) => getComputedStyle(a).direction)).toBe("rtl");
});

test("the banner keeps its height while the title types itself out", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Featured events" });
  const typed = banner.getByTestId("typed-title").first();
  await expect.poll(async () => ((await typed.textContent()) ?? "").length).toBeGreaterThan(1);
  const heights = new Set<number>();
  // Sample the height while the typing goes on (every frame, for a second and a half).
  const sampled = await banner.evaluate(
    (element) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const started = performance.now();
        const tick = () => {
          seen.push(Math.round(element.getBoundingClientRect().height));
          if (performance.now() - started < 1500) requestAnimationFrame(tick);
          else resolve(seen);
        };
        tick();
      }),
  );
  for (const height of sampled) heights.add(height);
  expect([...heights]).toHaveLength(1);
});

test.describe("offline", () => {
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/] });

  test("a share says the server cannot be reached and keeps the form; a like is taken back", async ({
    page,
    context,
    login,
    createTip,
    searchWord,
  }) => {
    await login();
    const tip = await createTip();
    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByText("0 likes")).toBeVisible();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Like" }).click();
    await expect(page.getByText(/Your like could not be saved: We could not reach the server/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Like" })).toBeEnabled();
    await expect(page.getByText("0 likes")).toBeVisible();
    await context.setOffline(false);

    await page.goto("/share-garden-tip");
    await page.getByLabel("Title").fill(`Offline tip ${searchWord}`);
    await page.getByLabel("Plant type").fill("Chard");
    await page.getByLabel("Category").selectOption("Vegetables");
    await page.getByLabel("Image URL").fill("https://example.com/chard.jpg");
    await page.getByLabel("Description").fill("Cut the outer leaves and the plant keeps going.");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "We could not reach the server" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share Tip" })).toBeEnabled();
    await expect(page.getByLabel("Title")).toHaveValue(`Offline tip ${searchWord}`);
    await context.setOffline(false);
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByText("Tip submitted successfully!")).toBeVisible();
  });
});

test("a session that has ended signs the navbar out", async ({ page, context, login }) => {
  const me = await login();
  await page.goto("/browse-tips");
  await expect(page.getByRole("link", { name: `${me.name}: your profile` })).toBeVisible();
  await context.clearCookies();
  // Coming back to the tab reads the session again.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    window.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: `${me.name}: your profile` })).toHaveCount(0);
});

test.describe("after the session ends", () => {
  test.use({ allowConsoleErrors: [/401 \(Unauthorized\)/] });

  test("an action refused with 401 signs the page out at once", async ({ page, login, createTip }) => {
    await login();
    const tip = await createTip();
    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByRole("button", { name: "Like" })).toBeVisible();
    // The session ends on the server while the page is open: its next call is refused.
    await page.route("**/api/tips/*/like", (route) =>
      route.fulfill({ status: 401, json: { message: "Sign in first" } }),
    );
    await page.route("**/api/auth/get-session", (route) => route.fulfill({ json: null }));
    await page.getByRole("button", { name: "Like" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
