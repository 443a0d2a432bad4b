import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { Tip } from "../src/shared/schemas/tip.ts";
import {
  expect,
  gotoWithTheme,
  keepScreenshot,
  layoutShift,
  newAccount,
  recordLayoutShifts,
  type Theme,
  test,
  throttleLikeAPhone,
} from "./fixtures.ts";
import { E2E } from "./support/env.ts";

/**
 * What the cards and the tip's page look like with the longest words and the tallest photos people give
 * them, measured as a reader sees them: nothing wider than the screen, addresses broken where a reader
 * expects, footers of a row of cards in line, a photo shown whole, and pages that do not move as they load.
 */

const THEMES: Theme[] = ["light", "dark"];

/** The widest the page is drawn: more than the viewport means the reader can scroll it sideways. */
async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The element's text as the lines it is drawn on, read from where each character is painted. */
async function linesOf(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const lines: Array<{ top: number; text: string }> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Words for screen readers only (a 1 px clipped box) are not drawn.
      const parent = node.parentElement?.getBoundingClientRect();
      if (parent && (parent.width <= 1 || parent.height <= 1)) continue;
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        const line = lines.find((l) => Math.abs(l.top - rect.top) < rect.height / 2);
        if (line) line.text += text[i];
        else lines.push({ top: rect.top, text: text[i] ?? "" });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((line) => line.text.trim());
  });
}

/** The names of the links in Chromium's own accessibility tree, as assistive technology reads them. */
async function accessibleLinkNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as {
    nodes: Array<{ role?: { value?: string }; name?: { value?: string } }>;
  };
  await cdp.detach();
  return nodes.filter((node) => node.role?.value === "link").map((node) => String(node.name?.value ?? ""));
}

/** Expects every character drawn in `container` to be inside its box: no text runs out or is cut off. */
async function expectTextInside(container: Locator) {
  const outside = await container.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const range = document.createRange();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let cut = "";
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.getBoundingClientRect();
      if (parent && (parent.width <= 1 || parent.height <= 1)) continue;
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) cut += text[i];
      }
    }
    return cut;
  });
  expect(outside, "characters drawn outside their card").toBe("");
}

/** Expects `locator` wholly inside the viewport's width. */
async function expectWithinWidth(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box, "the element is drawn").not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** A portrait phone photo (3:4), as a camera held upright takes it. */
async function portraitPhoto(): Promise<Buffer> {
  const band = (background: string) =>
    sharp({ create: { width: 1200, height: 120, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 60, g: 140, b: 70 } } })
    .composite([
      // Bands at the top and bottom edges: a crop would cut them off.
      { input: await band("#c0392b"), left: 0, top: 0 },
      { input: await band("#2c3e9f"), left: 0, top: 1480 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Uploads a portrait photo as the signed-in account; answers its URL. */
async function uploadPortrait(page: Page): Promise<string> {
  const response = await page.request.post("/api/uploads", {
    multipart: { file: { name: "IMG_0420.jpg", mimeType: "image/jpeg", buffer: await portraitPhoto() } },
    headers: { Origin: E2E.baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  expect(url).toMatch(/-1200x1600\.webp$/);
  return url;
}

/** A title of 120 characters (the most allowed) and a plant type of 60 with no space in either. */
function longWords(searchWord: string) {
  return {
    title: `${"Tomatoes".repeat(15)}`.slice(0, 120 - searchWord.length) + searchWord,
    plantType: "Solanumlycopersicum".repeat(4).slice(0, 60),
  };
}

test.describe("long unbroken words", () => {
  test("a 120-character title and a 60-character plant type wrap: no page scrolls sideways at 390 px", async ({
    page,
    login,
    createTip,
    searchWord,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login();
    const words = longWords(searchWord);
    expect(words.title).toHaveLength(120);
    expect(words.plantType).toHaveLength(60);
    const tip = await createTip(words);

    for (const theme of THEMES) {
      await gotoWithTheme(page, `/browse-tips?q=${searchWord}`, theme);
      const card = page.getByRole("article").filter({ hasText: searchWord });
      await expect(card.getByRole("heading", { name: words.title })).toBeVisible();
      // The whole title and plant type are on the card, wrapped, not cut.
      await expect(card).toContainText(words.plantType);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await expectWithinWidth(card, 390);
      await expectTextInside(card);
      const seeMore = card.getByRole("link", { name: /See More/ });
      await expectWithinWidth(seeMore, 390);
      // "See More" on one line, as a button reads.
      expect(await linesOf(seeMore)).toEqual(["See More"]);
      await keepScreenshot(page, testInfo.outputPath(`browse-390-${theme}.png`), { fullPage: true });
    }

    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByRole("heading", { level: 1, name: words.title })).toBeVisible();
    await expect(page.getByText(words.plantType)).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await expectTextInside(page.getByRole("article"));
    await keepScreenshot(page, testInfo.outputPath("tip-390.png"), { fullPage: true });
  });

  test("the dashboard's tables and My Tips fit the screen at 390, 1024 and 1280 px", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    // A display name of one 80-character word (the most allowed), shown in All Tips' Author column.
    await login({ ...newAccount(), name: "Wildflowergrower".repeat(5) });
    const words = longWords(searchWord);
    await createTip(words);
    for (const width of [390, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [`/dashboard/all-tips?q=${searchWord}`, "/dashboard/my-tips", "/my-tips"]) {
        await page.goto(url);
        await expect(page.getByText(words.title).first()).toBeVisible();
        expect(await pageWidth(page), `${url} at ${width} px`).toBeLessThanOrEqual(width);
        // A table that fits needs no scrolling of its own either.
        const table = page.getByRole("table");
        if ((await table.count()) > 0) {
          const scrolls = await table.evaluate((t) => {
            const frame = t.parentElement as HTMLElement;
            return frame.scrollWidth > frame.clientWidth;
          });
          expect(scrolls, `${url}'s table at ${width} px scrolls sideways`).toBe(false);
        }
      }
    }
  });

  test("the home page's trending cards wrap a long title and plant type at 390 px", async ({
    page,
    searchWord,
  }, testInfo) => {
    const words = longWords(searchWord);
    // The trending tips are the most liked: the first one is given the long words on its way to the page.
    await page.route(
      (url) => url.pathname === "/api/tips" && url.searchParams.get("sort") === "likes",
      async (route) => {
        const response = await route.fetch();
        const tips = (await response.json()) as Tip[];
        tips[0] = { ...(tips[0] as Tip), ...words };
        await route.fulfill({ response, json: tips });
      },
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const card = page.getByRole("article").filter({ hasText: searchWord });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("heading", { name: words.title })).toBeVisible();
    await expect(card).toContainText(words.plantType);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await expectTextInside(card);
    await expectWithinWidth(card.getByRole("link", { name: /See More/ }), 390);
    await keepScreenshot(card, testInfo.outputPath("trending-card-390.png"));
  });
});

test.describe("e-mail addresses", () => {
  for (const width of [390, 1024]) {
    test(`each demo gardener's e-mail is on one line at ${width} px, on Explore and the home page`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const gardeners = (await (await page.request.get("/api/gardeners?limit=100")).json()) as Array<{
        name: string;
        email: string;
      }>;
      expect(gardeners.length).toBeGreaterThan(0);
      for (const url of ["/explore-gardeners", "/"]) {
        await page.goto(url);
        const cards = page.getByRole("article").filter({ has: page.getByRole("link", { name: /@/ }) });
        await expect(cards.first()).toBeVisible();
        const count = await cards.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const card = cards.nth(i);
          const link = card.getByRole("link", { name: /@/ });
          const email = (await link.textContent()) ?? "";
          expect(gardeners.map((g) => g.email)).toContain(email);
          expect(await linesOf(link), `${email} at ${width} px on ${url}`).toEqual([email]);
          // Drawn inside its card.
          const [linkBox, cardBox] = [await link.boundingBox(), await card.boundingBox()];
          expect((linkBox?.x ?? 0) + (linkBox?.width ?? 0)).toBeLessThanOrEqual(
            (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
          );
        }
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        // What a screen reader is given (Chromium's accessibility tree): each address as it is written.
        const names = await accessibleLinkNames(page);
        for (let i = 0; i < count; i++) {
          const email = (await cards.nth(i).getByRole("link", { name: /@/ }).textContent()) ?? "";
          expect(names).toContain(email);
        }
        if (url === "/explore-gardeners")
          await keepScreenshot(cards.first(), testInfo.outputPath(`gardener-card-${width}.png`));
      }
    });
  }

  /** Where a long address may break: after "@", before a dot, after a hyphen. */
  function expectSensibleBreaks(lines: string[], email: string) {
    expect(lines.join("")).toBe(email);
    for (let i = 1; i < lines.length; i++) {
      const before = lines[i - 1] ?? "";
      const after = lines[i] ?? "";
      expect(
        before.endsWith("@") || before.endsWith("-") || after.startsWith("."),
        `"${before}" | "${after}" breaks mid-word`,
      ).toBe(true);
    }
  }

  test("a long address breaks after the @ or at a dot, on a gardener card and the tip's page", async ({
    page,
    login,
    createTip,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const longEmail = "rosalind.wildflowergrower.compostqueen@community-allotments.example.org";
    await page.route("**/api/gardeners*", async (route) => {
      const response = await route.fetch();
      const gardeners = (await response.json()) as Array<Record<string, unknown>>;
      gardeners[0] = { ...gardeners[0], email: longEmail };
      await route.fulfill({ response, json: gardeners });
    });
    await page.goto("/explore-gardeners");
    const cardLink = page.getByRole("link", { name: longEmail });
    const cardLines = await linesOf(cardLink);
    expect(cardLines.length).toBeGreaterThan(1);
    expectSensibleBreaks(cardLines, longEmail);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await keepScreenshot(page.getByRole("article").first(), testInfo.outputPath("long-email-card.png"));

    // The tip's page shows its author's address.
    const account = newAccount();
    const email = `rosalind.wildflowergrower.${account.email}`;
    await login({ ...account, email });
    const tip = await createTip();
    await page.goto(`/tips/${tip._id}`);
    const link = page.getByRole("link", { name: email });
    const lines = await linesOf(link);
    expect(lines.length).toBeGreaterThan(1);
    expectSensibleBreaks(lines, email);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});

test.describe("card footers", () => {
  /** The cards of `cards` grouped into rows by where they start. */
  async function rows(cards: Locator) {
    const boxes = await cards.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    const byTop = new Map<number, number[]>();
    boxes.forEach((top, index) => {
      byTop.set(top, [...(byTop.get(top) ?? []), index]);
    });
    return [...byTop.values()].filter((row) => row.length > 1);
  }

  /** The top and bottom edge of the row `footer` finds in each card (the element holding it). */
  async function footerEdges(cards: Locator, row: number[], footer: (card: Locator) => Locator) {
    const edges: Array<{ top: number; bottom: number }> = [];
    for (const index of row) {
      const box = await footer(cards.nth(index)).locator("xpath=..").boundingBox();
      if (box) edges.push({ top: box.y, bottom: box.y + box.height });
    }
    return edges;
  }

  async function expectAligned(cards: Locator, footer: (card: Locator) => Locator, label: string) {
    const found = await rows(cards);
    expect(found.length, `${label}: rows of cards`).toBeGreaterThan(0);
    for (const row of found) {
      const edges = await footerEdges(cards, row, footer);
      expect(edges).toHaveLength(row.length);
      const first = edges[0] ?? { top: 0, bottom: 0 };
      for (const edge of edges) {
        // Equal, give or take the rounding of a fraction of a pixel.
        expect(Math.abs(edge.top - first.top), `${label}: a footer's top out of line`).toBeLessThan(0.5);
        expect(Math.abs(edge.bottom - first.bottom), `${label}: a footer's bottom out of line`).toBeLessThan(
          0.5,
        );
      }
    }
  }

  for (const width of [1280, 1024]) {
    test(`the footers of a row of cards line up at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const gardenerCards = page
        .getByRole("region", { name: "Featured Active Gardeners" })
        .getByRole("article");
      await expect(gardenerCards.first()).toBeVisible();
      const totalShared = (card: Locator) => card.getByText("Total Shared Tips:");
      await expectAligned(gardenerCards, totalShared, "home's gardeners");
      const tipCards = page.getByRole("region", { name: "Top Trending Tips" }).getByRole("article");
      await expect(tipCards.first()).toBeVisible();
      await expectAligned(tipCards, (card) => card.getByRole("link", { name: /See More/ }), "trending tips");
      await keepScreenshot(page, testInfo.outputPath(`home-${width}.png`), { fullPage: true });

      await page.goto("/explore-gardeners");
      const cards = page.getByRole("article");
      await expect(cards.first()).toBeVisible();
      await expectAligned(cards, totalShared, "Explore Gardeners");
    });
  }
});

test.describe("the tip's photo", () => {
  /**
   * What part of the photo the reader sees and at what shape: the share of its width and height inside
   * the image's box (1 = all of it) and the drawn height / width.
   */
  async function shownPhoto(photo: Locator) {
    return photo.evaluate((img: HTMLImageElement) => {
      const style = getComputedStyle(img);
      const box = img.getBoundingClientRect();
      const px = (value: string) => Number.parseFloat(value) || 0;
      const width =
        box.width -
        px(style.paddingLeft) -
        px(style.paddingRight) -
        px(style.borderLeftWidth) -
        px(style.borderRightWidth);
      const height =
        box.height -
        px(style.paddingTop) -
        px(style.paddingBottom) -
        px(style.borderTopWidth) -
        px(style.borderBottomWidth);
      const natural = { width: img.naturalWidth, height: img.naturalHeight };
      const fit = Math.min(width / natural.width, height / natural.height);
      const fill = Math.max(width / natural.width, height / natural.height);
      const drawn = {
        contain: { width: natural.width * fit, height: natural.height * fit },
        "scale-down": {
          width: natural.width * Math.min(1, fit),
          height: natural.height * Math.min(1, fit),
        },
        cover: { width: natural.width * fill, height: natural.height * fill },
        none: natural,
        fill: { width, height },
      }[style.objectFit as "contain"] ?? { width, height };
      return {
        shownWidth: Math.min(1, width / drawn.width),
        shownHeight: Math.min(1, height / drawn.height),
        drawnRatio: drawn.height / drawn.width,
        naturalRatio: natural.height / natural.width,
        drawnHeight: Math.min(drawn.height, height),
      };
    });
  }

  for (const { width, height } of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`a portrait photo is shown whole and opens full size, at ${width} px`, async ({
      page,
      login,
      createTip,
      searchWord,
    }, testInfo) => {
      await page.setViewportSize({ width, height });
      await login();
      const url = await uploadPortrait(page);
      const tip = await createTip({ title: `Tall tomato vines ${searchWord}`, images: url });

      for (const theme of THEMES) {
        await gotoWithTheme(page, `/tips/${tip._id}`, theme);
        const photo = page.getByRole("img", { name: `Photo: ${tip.title}` });
        await expect(photo).toHaveJSProperty("complete", true);
        // Its box is known before it loads: no layout shift.
        await expect(photo).toHaveAttribute("width", "1200");
        await expect(photo).toHaveAttribute("height", "1600");
        await expect(photo).toHaveAttribute("srcset", /480w/);

        const shown = await shownPhoto(photo);
        expect(shown.shownWidth, "share of the photo's width shown").toBeGreaterThan(0.99);
        expect(shown.shownHeight, "share of the photo's height shown").toBeGreaterThan(0.99);
        expect(Math.abs(shown.drawnRatio / shown.naturalRatio - 1)).toBeLessThan(0.01);
        // Whole, and still large: at least half the screen tall.
        expect(shown.drawnHeight).toBeGreaterThan(height / 2);
        await expectWithinWidth(photo, width);
        await keepScreenshot(page, testInfo.outputPath(`photo-${width}-${theme}.png`), { fullPage: true });
      }

      const open = page.getByRole("link", { name: /Open the full photo/ });
      await expectWithinWidth(open, width);
      const popup = page.waitForEvent("popup");
      await open.click();
      const full = await popup;
      await full.waitForLoadState();
      // The largest size stored: the photo itself, not one of its narrower copies.
      expect(full.url()).toBe(url);
      const image = full.locator("img");
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
        1200, 1600,
      ]);
      await full.close();
    });
  }
});

test.describe("layout shift while loading, on a phone-like connection", () => {
  test("the tip's page does not move as it loads, at 1280 x 900", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login();
    const url = await uploadPortrait(page);
    const tip = await createTip({ title: `Stake the vines ${searchWord}`, images: url });
    await recordLayoutShifts(page);
    await throttleLikeAPhone(page);

    await page.goto(`/tips/${tip._id}`);
    await expect(page.getByRole("heading", { level: 1, name: tip.title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("img", { name: `Photo: ${tip.title}` })).toHaveJSProperty("complete", true, {
      timeout: 30_000,
    });
    expect(await layoutShift(page), "layout shift of the tip's page").toBeLessThan(0.01);
  });

  test("a gardener's page does not move as it loads, with tips and without, on a phone", async ({
    page,
    login,
    createTip,
    searchWord,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await login({ ...newAccount(), name: `Dd ${searchWord}` });
    const tip = await createTip();
    await login({ ...newAccount(), name: `Ee ${searchWord}` });
    // Seen as a visitor sees it, as the first page of a visit.
    await page.context().clearCookies();
    await recordLayoutShifts(page);
    await throttleLikeAPhone(page);

    await page.goto(`/gardeners/dd_${searchWord}`.slice(0, "/gardeners/".length + 25));
    await expect(page.getByRole("link", { name: tip.title })).toBeVisible({ timeout: 30_000 });
    expect(await layoutShift(page), "layout shift of a gardener page with a tip").toBeLessThan(0.01);

    await page.goto(`/gardeners/ee_${searchWord}`.slice(0, "/gardeners/".length + 25));
    await expect(page.getByText("has not shared a public tip yet.")).toBeVisible({ timeout: 30_000 });
    expect(await layoutShift(page), "layout shift of a gardener page without tips").toBeLessThan(0.01);
  });

  test("the dashboard and its tables do not move as they load, at 1280 x 900", async ({
    page,
    login,
    createTip,
    searchWord,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await login();
    const tip = await createTip({ title: `Stake the vines ${searchWord}` });
    await recordLayoutShifts(page);
    await throttleLikeAPhone(page);

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Recent tips" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("figure", { name: "Public tips by category" })).toBeVisible();
    expect(await layoutShift(page), "layout shift of the dashboard").toBeLessThan(0.01);
    await keepScreenshot(page, testInfo.outputPath("dashboard-1280.png"), { fullPage: true });

    for (const [path, heading] of [
      ["/dashboard/all-tips", "All Tips"],
      ["/dashboard/my-tips", "My Tips"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(tip.title).first()).toBeVisible({ timeout: 30_000 });
      expect(await layoutShift(page), `layout shift of ${path}`).toBeLessThan(0.01);
    }
  });

  test("the tip's page holds the place of what it loads", async ({ page, login, createTip }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login();
    const tip = await createTip();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/tips/${tip._id}`, async (route) => {
      await held;
      await route.continue();
    });
    // Opened from My Tips, the page asks for the tip itself (a full load of it comes with the tip).
    await page.goto("/my-tips");
    await page.getByRole("link", { name: tip.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/tips/${tip._id}$`));
    const loading = page.getByRole("status").filter({ hasText: "Loading tip…" });
    await expect(loading).toBeVisible();
    // The footer waits below the first screen, where the tip will push it anyway.
    const footer = page.getByRole("contentinfo");
    expect((await footer.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(900);
    await keepScreenshot(page, testInfo.outputPath("tip-loading.png"));
    release();
    await expect(page.getByRole("heading", { level: 1, name: tip.title })).toBeVisible();
    expect((await footer.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(900);
  });
});
