import { expect, newAccount, test } from "./fixtures.ts";
import { E2E } from "./support/env.ts";

/**
 * The first load (ADR 022). The public pages' HTML carries the page, so it shows before (and without) any
 * script; what is sent is compressed and revalidated cheaply; the tips themselves come from the API the
 * browser calls, so they are never older than the data.
 */

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the public pages show their header, headings and footer", async ({ page }) => {
    const pages = [
      { url: "/", title: "Home - Gardening Community", heading: "Featured Active Gardeners" },
      { url: "/browse-tips", title: "Browse Tips - Gardening Community", heading: "Public Garden Tips" },
      {
        url: "/explore-gardeners",
        title: "Explore Gardeners - Gardening Community",
        heading: "Explore Gardeners",
      },
      { url: "/calendar", title: "Garden Calendar - Gardening Community", heading: "Garden calendar" },
      { url: "/crops/spinach", title: "Spinach - Gardening Community", heading: "Spinach" },
    ];
    for (const { url, title, heading } of pages) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { name: heading }).first()).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
  });

  test("the login form shows, its fields waiting for the page's script", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
    // Nothing typed before the script runs can be lost or sent anywhere: the fields are not usable yet.
    await expect(page.getByLabel("Email")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeDisabled();
  });

  test("every control on the public pages waits for the page's script; links work at once", async ({
    page,
    login,
  }) => {
    // One rule (ADR 029): a control is inside a Form or a HydrationGate, so none is usable before the
    // script. A new control that forgot it fails here, with its HTML.
    const usable = () =>
      page
        .locator("button, input, select, textarea")
        .evaluateAll((controls) =>
          controls.filter((control) => !control.matches(":disabled")).map((c) => c.outerHTML.slice(0, 160)),
        );
    const urls = [
      "/",
      "/browse-tips",
      "/explore-gardeners",
      "/calendar",
      "/crops/spinach",
      "/privacy",
      "/terms",
      "/no/such/place",
    ];
    for (const url of [...urls, "/auth/login", "/auth/signup", "/auth/reset"]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await usable(), url).toEqual([]);
    }
    await page.goto("/");
    await expect(page.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeDisabled();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeEnabled();
    // Signed in, the header has Logout too.
    await login();
    for (const url of urls) {
      await page.goto(url);
      await expect(page.getByRole("button", { name: "Logout" })).toBeDisabled();
      expect(await usable(), url).toEqual([]);
    }
  });

  test("a member's pages show their frame before the script, every control waiting for it", async ({
    page,
    login,
    createTip,
  }) => {
    const { name } = await login();
    const tip = await createTip();
    const usable = () =>
      page
        .locator("button, input, select, textarea")
        .evaluateAll((controls) =>
          controls.filter((control) => !control.matches(":disabled")).map((c) => c.outerHTML.slice(0, 160)),
        );
    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByRole("button", { name: /like/i })).toBeDisabled();
    const pages = [
      // The member's own tips are in the HTML of both My Tips, their Delete waiting for the script.
      { url: "/my-tips", heading: "My Tips", shows: tip.title },
      { url: "/dashboard", heading: `Welcome back, ${name}` },
      { url: "/dashboard/my-tips", heading: "My Tips", shows: tip.title },
      // The tip itself is in a member's tip page, its Like button waiting for the script too.
      { url: `/tips/${tip._id}`, heading: tip.title },
    ];
    for (const { url, heading, shows } of pages) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      // The page's own frame is in the HTML: its heading, and where it sits (the header or the sidebar).
      await expect(page.getByRole("heading", { level: 1, name: heading }), url).toBeVisible();
      await expect(page.getByRole("link", { name: "Gardening Community" }).first(), url).toBeVisible();
      if (shows) {
        await expect(
          page.getByRole("link", { name: shows }).filter({ visible: true }).first(),
          url,
        ).toBeVisible();
        // One layout of the list shows (the table or the cards, by the screen's width), the other hidden.
        const remove = page.getByRole("button", { name: `Delete ${shows}` }).filter({ visible: true });
        await expect(remove, url).toHaveCount(1);
        await expect(remove, url).toBeDisabled();
      }
      expect(await usable(), url).toEqual([]);
    }
  });

  test("a gardener page has the gardener and their tips in its HTML, never older than they are", async ({
    page,
    browser,
    login,
    createTip,
  }) => {
    const { name } = await login();
    const first = await createTip({ title: "Straw under strawberries" });
    const { handle } = (await (await page.request.get("/api/profile")).json()) as { handle: string };
    // A visitor's page is kept for every visitor: what they see must follow the gardener's changes.
    const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E.baseURL });
    try {
      const seen = await visitor.newPage();
      const response = await seen.goto(`/gardeners/${handle}`);
      expect(response?.status()).toBe(200);
      await expect(seen.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(seen.getByRole("link", { name: first.title }).first()).toBeVisible();
      await expect(seen.getByText("Loading the gardener…")).toHaveCount(0);

      const second = await createTip({ title: "Slug beer traps" });
      await seen.reload();
      await expect(seen.getByRole("link", { name: second.title }).first()).toBeVisible();
      await expect(seen.getByRole("link", { name: first.title }).first()).toBeVisible();

      const bio = "Raised beds and a stubborn fig tree.";
      const changed = await page.request.patch("/api/profile", { data: { bio } });
      expect(changed.status(), await changed.text()).toBe(200);
      await seen.reload();
      await expect(seen.getByText(bio)).toBeVisible();

      // Made private, a tip leaves the page at once.
      const hidden = await page.request.put(`/api/tips/${second._id}`, {
        data: {
          title: second.title,
          plantType: second.plantType,
          difficulty: second.difficulty,
          description: second.description,
          images: second.images,
          category: second.category,
          availability: "Private",
        },
      });
      expect(hidden.status(), await hidden.text()).toBe(200);
      await seen.reload();
      await expect(seen.getByRole("link", { name: second.title })).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  });

  test("an unknown address is a 404 page, in the HTML", async ({ page }) => {
    const response = await page.goto("/no/such/place");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The page cannot be found.")).toBeVisible();
  });
});

test("the browser asks the API for the tips, and shows the page before they arrive", async ({
  page,
  createTip,
  login,
  searchWord,
  context,
}) => {
  await login();
  const tip = await createTip({ title: `Mulch the roses ${searchWord}` });
  await context.clearCookies();
  // The page itself carries no tip: they come from the API, asked for by the browser.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === "/api/tips",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const answer = page.waitForResponse((r) => r.url().includes("/api/tips?") && r.url().includes(searchWord));
  await page.goto(`/browse-tips?q=${searchWord}`);
  await expect(page.getByRole("heading", { name: "Public Garden Tips" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading tips…" })).toBeVisible();
  release();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText(tip.title).first()).toBeVisible();
});

test("a control the script runs works once the page has taken over", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByRole("button", { name: /Switch to (dark|light) theme/ });
  await toggle.click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test.describe("what is sent", () => {
  test("a signed-in person's page revalidates with 304 too, and is never the visitors'", async ({
    page,
    login,
  }) => {
    const account = await login();
    const headers = { "Accept-Encoding": "br, gzip" };
    const first = await page.request.get("/browse-tips", { headers });
    expect(first.status()).toBe(200);
    expect(first.headers()["cache-control"]).toBe("private, no-cache");
    expect(await first.text()).toContain(account.name);
    const etag = String(first.headers().etag);
    const again = await page.request.get("/browse-tips", { headers: { ...headers, "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    const visitor = await page.request.get("/browse-tips", { headers: { ...headers, Cookie: "" } });
    expect(visitor.headers().etag).not.toBe(etag);
  });

  test("a member's private tip is in its page for its author alone, and kept by no cache", async ({
    page,
    login,
    createTip,
  }) => {
    await login();
    const tip = await createTip({ title: "Seed potatoes under the stairs", availability: "Private" });
    const own = await page.request.get(`/tips/${tip._id}`);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("private, no-cache");
    expect(own.headers()["x-robots-tag"]).toBe("noindex");
    expect(await own.text()).toContain(tip.title);
    // A visitor, and another member, get the page the browser fills in (with its not-found page).
    const visitor = await page.request.get(`/tips/${tip._id}`, { headers: { Cookie: "" } });
    expect(visitor.status()).toBe(200);
    expect(await visitor.text()).not.toContain(tip.title);
    await login(newAccount("stranger"));
    const stranger = await page.request.get(`/tips/${tip._id}`);
    expect(stranger.status()).toBe(200);
    expect(await stranger.text()).not.toContain(tip.title);
  });

  test("pages and files come compressed, with Vary, and revalidate with 304", async ({ request }) => {
    for (const url of ["/", "/browse-tips", "/auth/login"]) {
      const page = await request.get(url, { headers: { "Accept-Encoding": "br, gzip" } });
      expect(page.status()).toBe(200);
      expect(page.headers()["content-encoding"]).toBe("br");
      expect(page.headers().vary).toMatch(/Accept-Encoding/i);
      expect(page.headers()["cache-control"]).toBe("no-cache");
      const etag = page.headers().etag;
      expect(etag).toBeTruthy();
      const again = await request.get(url, {
        headers: { "Accept-Encoding": "br, gzip", "If-None-Match": String(etag) },
      });
      expect(again.status()).toBe(304);
      expect(await again.body()).toHaveLength(0);
    }

    const html = await (await request.get("/")).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script, "the page loads a hashed script").toBeTruthy();
    const gzip = await request.get(String(script), { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(gzip.headers().vary).toMatch(/Accept-Encoding/i);
    expect(gzip.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await request.get(String(script), { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    // The same code either way.
    expect((await gzip.body()).equals(await plain.body())).toBe(true);
  });

  test("a public list revalidates with 304 until a tip changes it", async ({
    request,
    login,
    createTip,
    searchWord,
  }) => {
    const url = `/api/tips?availability=Public&q=${searchWord}`;
    const first = await request.get(url);
    expect(first.status()).toBe(200);
    const etag = String(first.headers().etag);
    expect((await request.get(url, { headers: { "If-None-Match": etag } })).status()).toBe(304);

    await login();
    const tip = await createTip();
    const changed = await request.get(url, { headers: { "If-None-Match": etag } });
    expect(changed.status()).toBe(200);
    expect(((await changed.json()) as Array<{ _id: string }>).map((t) => t._id)).toEqual([tip._id]);
  });
});

test("the dashboard's first load sends at most 150 KB of JavaScript, compressed, over plain HTTP", async ({
  page,
  login,
}) => {
  await login();
  // As on a first visit: every script comes over the network, none from this browser's cache.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Network.enable");
  await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts: Array<Promise<{ url: string; bytes: number }>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ url: response.url(), bytes: sizes.responseBodySize })),
    );
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("figure", { name: "Likes on your tips, per week" })).toBeVisible();
  // Nothing further is fetched once the page has settled: the total is the whole first load.
  await page.waitForLoadState("networkidle");
  const sent = await Promise.all(scripts);
  const total = sent.reduce((sum, script) => sum + script.bytes, 0);
  expect(sent.length, "the page's scripts were counted").toBeGreaterThan(0);
  expect(
    total,
    `scripts sent: ${sent.map((script) => `${script.url.replace(/^.*\//, "")} ${script.bytes}`).join(", ")}`,
  ).toBeLessThanOrEqual(150_000);
});
