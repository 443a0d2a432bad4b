import { readFileSync } from "node:fs";
import type { Tip } from "../src/shared/schemas/tip.ts";
import { expect, test } from "./fixtures.ts";

const slide = (page: import("@playwright/test").Page, n: number) =>
  page.getByRole("group", { name: new RegExp(`^${n} of 3`) });

test.describe("home page", () => {
  test("has its title and every section", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home - Gardening Community");
    for (const heading of [
      "Featured Active Gardeners",
      "Top Trending Tips",
      "Upcoming Events",
      "Success Stories",
    ]) {
      await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    }
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/gardeners/i);
  });

  test("the banner types its title, advances by itself, and by arrows and dots", async ({ page }) => {
    await page.goto("/");
    await expect(slide(page, 1)).toHaveAttribute("data-active", "true");
    const typed = slide(page, 1).getByTestId("typed-title");
    // Assistive technology gets the whole title at once; the text is only what has been typed.
    await expect(slide(page, 1).getByRole("heading", { level: 2 })).toHaveAccessibleName(
      "Spring Planting Workshop",
    );
    // The title is typed out character by character.
    await expect.poll(async () => (await typed.textContent())?.length ?? 0).toBeGreaterThan(3);
    const early = (await typed.textContent()) ?? "";
    await expect.poll(async () => ((await typed.textContent()) ?? "").length).toBeGreaterThan(early.length);
    expect(
      "Spring Planting Workshop_".startsWith(((await typed.textContent()) ?? "").replace(/_$/, "")),
    ).toBe(true);

    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(slide(page, 2)).toHaveAttribute("data-active", "true");
    await page.getByRole("button", { name: /Go to slide 3/ }).click();
    await expect(slide(page, 3)).toHaveAttribute("data-active", "true");
    await expect(page.getByRole("button", { name: /Go to slide 3/ })).toHaveAttribute("aria-current", "true");
    // It loops both ways.
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(slide(page, 1)).toHaveAttribute("data-active", "true");
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expect(slide(page, 3)).toHaveAttribute("data-active", "true");
    // Autoplay goes on after the clicks: about 5 s later the next slide shows.
    await expect(slide(page, 1)).toHaveAttribute("data-active", "true", { timeout: 7_000 });
  });

  test("each banner button leads somewhere", async ({ page }) => {
    await page.goto("/");
    await expect(
      slide(page, 1).getByRole("link", { name: "Register Now", includeHidden: true }),
    ).toHaveAttribute("href", "/auth/signup");
    await expect(
      slide(page, 2).getByRole("link", { name: "Learn More", includeHidden: true }),
    ).toHaveAttribute("href", "/browse-tips");
    await expect(
      slide(page, 3).getByRole("link", { name: "Join Event", includeHidden: true }),
    ).toHaveAttribute("href", "#events");
    await page.getByRole("button", { name: /Go to slide 3/ }).click();
    await slide(page, 3).getByRole("link", { name: "Join Event" }).click();
    await expect(page).toHaveURL(/#events$/);
    await expect(page.locator("#events")).toBeInViewport();
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("the banner neither types nor plays by itself", async ({ page }) => {
      // A fake clock: six seconds pass at once, and an autoplay timer would fire in them.
      await page.clock.install();
      await page.goto("/");
      await expect(slide(page, 1).getByTestId("typed-title")).toHaveText("Spring Planting Workshop_");
      await page.clock.runFor(6_000);
      await expect(slide(page, 1)).toHaveAttribute("data-active", "true");
      await page.getByRole("button", { name: "Next slide" }).click();
      await expect(slide(page, 2)).toHaveAttribute("data-active", "true");
    });
  });

  test("shows active gardeners and the six most liked public tips", async ({ page, request }) => {
    await page.goto("/");
    const gardeners = page.getByRole("region", { name: "Featured Active Gardeners" }).getByRole("article");
    await expect(gardeners.first()).toBeVisible();
    const count = await gardeners.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    for (let i = 0; i < count; i++) await expect(gardeners.nth(i)).toContainText("active");

    // Another test's like or new tip could change the six between the page's read and ours (today only
    // demo tips, with over a hundred likes each, are in them). So the page is compared with the server's
    // answer from both before and after it loaded, and only when those two agree; else it is read again.
    const trending = async () =>
      (await (await request.get("/api/tips?availability=Public&sort=likes&limit=6")).json()) as Tip[];
    const cards = page.getByRole("region", { name: "Top Trending Tips" }).getByRole("article");
    await expect(async () => {
      const before = await trending();
      await page.reload();
      await expect(cards).toHaveCount(6);
      const titles = await cards.getByRole("heading").allTextContents();
      const links = await cards
        .getByRole("link", { name: /See more/i })
        .evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
      const after = await trending();
      expect(after, "the six most liked public tips, unchanged while the page loaded").toEqual(before);
      expect(titles).toEqual(after.map((tip) => tip.title));
      expect(links).toEqual(after.map((tip) => `/tips/${tip._id}`));
    }).toPass({ timeout: 20_000 });
  });

  test("each upcoming event downloads a calendar entry", async ({ page }) => {
    await page.goto("/");
    const events = page.locator("#events").getByRole("article");
    await expect(events).toHaveCount(3);
    await expect(page.locator("#events")).toContainText("June");
    // Each event at its next occurrence (always upcoming), this June's or next June's, so the order varies.
    const year = new Date().getFullYear();
    await expect(page.locator("#events")).toContainText(new RegExp(`June \\d+, (${year}|${year + 1})`));
    for (const title of [
      "Summer Seed Swap",
      "Community Garden Work Day",
      "Hydroponics for Beginners Workshop",
    ]) {
      const link = events.filter({ hasText: title }).getByRole("link", { name: /Add to calendar/ });
      await expect(link).toBeVisible();
      await expect(link).toContainText("Add to calendar");
      // The name starts with what is seen (label in name) and says which event it is.
      const visible = ((await link.textContent()) ?? "").trim();
      await expect(link).toHaveAccessibleName(new RegExp(`^${visible}.*${title}$`));
    }
    const downloadPromise = page.waitForEvent("download");
    await events
      .first()
      .getByRole("link", { name: /Add to calendar/ })
      .click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const text = readFileSync((await download.path()) ?? "", "utf8");
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("BEGIN:VEVENT");
    expect(text).toMatch(new RegExp(`DTSTART[^:]*:(${year}|${year + 1})06\\d\\dT\\d{6}`));
  });

  test("success stories show before and after pictures", async ({ page }) => {
    await page.goto("/");
    const stories = page.getByRole("region", { name: "Success Stories" });
    await expect(stories.getByRole("img")).toHaveCount(6);
    await expect(stories.getByText("Before", { exact: true })).toHaveCount(3);
    await expect(stories.getByText("After", { exact: true })).toHaveCount(3);
  });
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
