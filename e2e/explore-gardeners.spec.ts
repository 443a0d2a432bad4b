import { expect, test } from "./fixtures.ts";

test.describe("Explore Gardeners", () => {
  test("shows a loading indicator, then a card for every gardener with the spec's fields", async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/gardeners*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/explore-gardeners");
    await expect(page.getByRole("status")).toContainText("Loading gardeners");
    release();

    const cards = page.getByRole("article");
    const api = await page.request.get("/api/gardeners");
    const gardeners = (await api.json()) as Array<Record<string, unknown>>;
    // Every demo gardener's card (the one with an e-mail); members who shared a public tip are listed
    // too, and other tests add and remove theirs meanwhile.
    const demos = gardeners.filter((g) => g.email);
    expect(demos.length).toBeGreaterThanOrEqual(12);
    await expect(cards.filter({ has: page.getByRole("link", { name: /@/ }) })).toHaveCount(demos.length);
    await expect(page.getByRole("status")).toHaveCount(0);

    // A gardener with every optional field shows them all.
    const full = gardeners.find((g) => g.location && g.certifications && g.gardenName && g.youtube);
    expect(full, "the demo data has a gardener with every optional field").toBeTruthy();
    if (!full) return;
    const card = cards.filter({ has: page.getByRole("heading", { name: String(full.name) }) });
    await expect(card).toContainText(String(full.email));
    await expect(card).toContainText(String(full.status));
    await expect(card).toContainText(String(full.age));
    await expect(card).toContainText(String(full.gender));
    await expect(card).toContainText(String(full.experiences));
    await expect(card).toContainText(String(full.location));
    await expect(card).toContainText((full.certifications as string[]).join(", "));
    await expect(card).toContainText(String(full.gardenName));
    await expect(card).toContainText(`Total Shared Tips: ${full.totalSharedTips}`);
    await expect(card.getByRole("img", { name: `Portrait of ${full.name}` })).toBeVisible();
    const youtube = card.getByRole("link", { name: /YouTube/ });
    await expect(youtube).toHaveAttribute("href", String(full.youtube));
    await expect(youtube).toHaveAttribute("target", "_blank");
    await expect(youtube).toHaveAttribute("rel", /noopener/);

    // A gardener without the optional fields shows no empty labels for them.
    const sparse = gardeners.find((g) => !g.youtube && !g.certifications);
    expect(sparse, "the demo data has a gardener without youtube and certifications").toBeTruthy();
    if (!sparse) return;
    const sparseCard = cards.filter({ has: page.getByRole("heading", { name: String(sparse.name) }) });
    await expect(sparseCard).toContainText("Total Shared Tips:");
    await expect(sparseCard.getByRole("link", { name: /YouTube/ })).toHaveCount(0);
    await expect(sparseCard.getByText("Certifications")).toHaveCount(0);
  });

  test("every avatar image loads from this server", async ({ page }) => {
    await page.goto("/explore-gardeners");
    await expect(page.getByRole("article").first()).toBeVisible();
    const images = page.getByRole("article").getByRole("img");
    const count = await images.count();
    for (let i = 0; i < count; i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).host)).toBe(
        new URL(page.url()).host,
      );
    }
  });

  test.describe("when the server fails", () => {
    test.use({ allowConsoleErrors: [/Failed to load resource/] });

    test("shows an error with a retry that recovers", async ({ page }) => {
      let fail = true;
      await page.route("**/api/gardeners*", async (route) => {
        if (fail) await route.fulfill({ status: 503, json: { message: "Service unavailable" } });
        else await route.continue();
      });
      await page.goto("/explore-gardeners");
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("We could not load the gardeners");
      await expect(alert).toContainText("Something went wrong on our side");
      fail = false;
      await alert.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("article").first()).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);
    });
  });

  test.describe("with a broken photo URL", () => {
    test.use({ allowConsoleErrors: [/Failed to load resource/] });

    test("a missing photo falls back to the default avatar", async ({ page }) => {
      await page.route("**/api/gardeners*", async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Array<Record<string, unknown>>;
        body[0] = { ...body[0], image: "http://127.0.0.1:9/broken.png" };
        await route.fulfill({ response, json: body });
      });
      await page.goto("/explore-gardeners");
      const first = page.getByRole("article").first().getByRole("img");
      await expect(first).toHaveAttribute("src", "/images/default-avatar.svg");
    });
  });
});
