import { expect, test } from "./fixtures.ts";

test.describe("main layout", () => {
  test("the navigation bar links every section and offers sign-in to a visitor", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const expected = [
      ["Home", "/"],
      ["Explore Gardeners", "/explore-gardeners"],
      ["Browse Tips", "/browse-tips"],
      ["Share a Garden Tip", "/share-garden-tip"],
      ["My Tips", "/my-tips"],
    ] as const;
    for (const [name, href] of expected) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    // The Dashboard link is for signed-in users only.
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page).toHaveTitle("Login - Gardening Community");
  });

  test("the footer has the copyright line, the section links and real policy pages", async ({ page }) => {
    await page.goto("/explore-gardeners");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("© 2025 Gardening Community");
    const links = footer.getByRole("navigation", { name: "Footer" });
    await expect(links.getByRole("link", { name: "Share a Garden Tip" })).toHaveAttribute(
      "href",
      "/share-garden-tip",
    );
    for (const href of ["/", "/explore-gardeners", "/browse-tips", "/my-tips"]) {
      await expect(links.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    // No social network is configured on the test server, so no icon is shown (none leads nowhere).
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test("the footer's section links are hidden on small screens", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Footer" })).toBeHidden();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025 Gardening Community");
  });

  test("the previous version's /share-a-garden-tip address leads to /share-garden-tip", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/share-a-garden-tip");
    await expect(page).toHaveURL(/\/share-garden-tip$/);
  });

  test("each route sets its title", async ({ page }) => {
    const titles = [
      ["/", "Home - Gardening Community"],
      ["/auth/login", "Login - Gardening Community"],
      ["/auth/signup", "Signup - Gardening Community"],
      ["/explore-gardeners", "Explore Gardeners - Gardening Community"],
    ] as const;
    for (const [url, title] of titles) {
      await page.goto(url);
      await expect(page).toHaveTitle(title);
    }
  });

  test("every route sets its title and exactly one description", async ({
    page,
    request,
    login,
    createTip,
  }) => {
    // The HTML itself carries a default, for clients that run no script.
    expect(await (await request.get("/explore-gardeners")).text()).toMatch(
      /<meta\s+name="description"\s+content="[^"]{40,}"/,
    );
    const check = async (url: string, title: string | RegExp) => {
      await page.goto(url);
      await expect(page).toHaveTitle(title);
      const description = page.locator('meta[name="description"]');
      await expect(description, url).toHaveCount(1);
      expect((await description.getAttribute("content"))?.length, url).toBeGreaterThan(20);
    };
    await check("/", "Home - Gardening Community");
    await check("/auth/login", "Login - Gardening Community");
    await check("/auth/signup", "Signup - Gardening Community");
    await check("/auth/reset", "Forget Password - Gardening Community");
    await check("/auth/reset?token=abc", "Reset link cannot be used - Gardening Community");
    await check("/explore-gardeners", "Explore Gardeners - Gardening Community");
    await check("/browse-tips", "Browse Tips - Gardening Community");
    await check("/privacy", "Privacy Policy - Gardening Community");
    await check("/terms", "Terms of Use - Gardening Community");
    await check("/no-such-page", "Page Not Found - Gardening Community");

    await login();
    const tip = await createTip({
      title: "Meta tip",
      plantType: "Radish",
      description: "Radishes are ready in four weeks from sowing.",
      images: null,
    });
    await check("/share-garden-tip", "Share a Garden Tip - Gardening Community");
    await check("/my-tips", "My Tips - Gardening Community");
    await check("/profile", "Your Profile - Gardening Community");
    await check("/dashboard", "Dashboard - Gardening Community");
    await check(`/tips/${tip._id}`, `${tip.title} - Gardening Community`);
    await check(`/update-tip/${tip._id}`, "Update Tip - Gardening Community");
  });

  test("the auth pages use the bare layout without navigation or footer", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens and closes, repeats the links, and its search box searches tips", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByPlaceholder("Search...")).toHaveCount(0);

    await toggle.click();
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menuLinks = ["Home", "Explore Gardeners", "Browse Tips", "Share a Garden Tip", "My Tips"];
    for (const name of menuLinks) {
      await expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible();
    }
    await close.click();
    await expect(page.getByPlaceholder("Search...")).toHaveCount(0);

    await page.getByRole("button", { name: "Open menu" }).click();
    const search = page.getByPlaceholder("Search...");
    await search.fill("tomato blight");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/browse-tips\?q=tomato\+blight$/);
    // Navigating closes the menu.
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("a menu link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("header").getByRole("link", { name: "Explore Gardeners" }).last().click();
    await expect(page).toHaveURL(/\/explore-gardeners$/);
    await expect(page.getByRole("heading", { name: "Explore Gardeners", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  });
});

test.describe("404 page", () => {
  test("unknown addresses show the not-found page with a way home", async ({ page }) => {
    for (const url of ["/no/such/page", "/tipz", "/auth/nothing"]) {
      const response = await page.goto(url);
      // The status says it too (it used to be 200).
      expect(response?.status()).toBe(404);
      await expect(page.getByText("The page cannot be found.")).toBeVisible();
      await expect(page.getByText("The requested URL was not found on this server.")).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Home - Gardening Community");
  });

  test("unknown API paths answer JSON, not the web app", async ({ request }) => {
    const response = await request.get("/api/definitely-not-here");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "No API endpoint GET /api/definitely-not-here" });
  });
});

test("the built app revalidates its HTML and caches its hashed assets for a year", async ({ request }) => {
  const page = await request.get("/browse-tips");
  expect(page.headers()["cache-control"]).toBe("no-cache");
  const html = await page.text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, "index.html loads a hashed script").toBeTruthy();
  const asset = await request.get(String(script));
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-type"]).toContain("javascript");
});

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
