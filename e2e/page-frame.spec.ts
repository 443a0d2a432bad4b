import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoA11yViolations, gotoWithTheme, test } from "./fixtures.ts";

// Layout as a visitor sees it: where things are drawn, measured in the browser at the widths people use.

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error(`${locator} is not rendered`);
  return rect;
}

/** Waits for the element's running transitions and animations (a drawer sliding in) to end. */
async function animationsDone(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

test.describe("the dashboard drawer", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ]) {
    test(`fits the ${viewport.width}x${viewport.height} screen, Logout included, without scrolling`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize(viewport);
      await login();
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Open dashboard menu" }).click();
      const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
      const logout = drawer.getByRole("button", { name: "Logout" });
      await expect(logout).toBeVisible();
      await animationsDone(drawer);

      const button = await box(logout);
      expect(button.y).toBeGreaterThanOrEqual(0);
      expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
      // Nothing in the drawer is below its foot, waiting to be scrolled to.
      const scroll = await drawer.evaluate((dialog) =>
        Array.from(dialog.querySelectorAll<HTMLElement>("*")).map((element) => ({
          overflow: element.scrollHeight - element.clientHeight,
          scrolls: /auto|scroll/.test(getComputedStyle(element).overflowY),
        })),
      );
      expect(scroll.filter((element) => element.scrolls && element.overflow > 0)).toEqual([]);
      await expect(logout).toBeInViewport({ ratio: 1 });
    });
  }
});

/** Where the first line of an element's text starts on screen, as drawn (not where its box starts). */
function textLeft(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const first = range.getClientRects()[0];
    if (!first) throw new Error("no text drawn");
    return first.left;
  });
}

test.describe("the page frame", () => {
  for (const width of [1280, 390]) {
    test(`every ordinary page's heading starts at the same x at ${width} px`, async ({
      page,
      login,
      createTip,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      const tip = await createTip();
      const pages = [
        "/my-tips",
        "/share-garden-tip",
        "/profile",
        `/update-tip/${tip._id}`,
        "/browse-tips",
        "/explore-gardeners",
        "/privacy",
        "/terms",
      ];
      const starts: Record<string, number> = {};
      for (const url of pages) {
        await page.goto(url);
        const heading = page.getByRole("heading", { level: 1 });
        await expect(heading).toBeVisible();
        starts[url] = Math.round(await textLeft(heading));
      }
      const first = starts[pages[0] as string];
      expect(starts).toEqual(Object.fromEntries(pages.map((url) => [url, first])));
      if (width === 1280) {
        // The frame is the header's: the headings start where the brand does.
        const brand = page.getByRole("banner").getByRole("link", { name: "Gardening Community" });
        expect(Math.round((await box(brand)).x)).toBe(first);
      }
    });
  }
});

/** The colours a reader sees on an element. */
function colours(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });
}

test.describe("the current page's link", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`looks the same in the navigation bar, the mobile menu and the dashboard sidebar (${theme})`, async ({
      page,
      login,
    }) => {
      await login();
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoWithTheme(page, "/browse-tips", theme);
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("banner").getByRole("list").filter({ hasText: "Explore Gardeners" });
      const inMenu = menu.getByRole("link", { name: "Browse Tips" });
      await expect(inMenu).toHaveAttribute("aria-current", "page");
      await animationsDone(menu);
      const current = await colours(inMenu);
      // It stands out from the links beside it.
      expect(await colours(menu.getByRole("link", { name: "Explore Gardeners" }))).not.toEqual(current);
      await expectNoA11yViolations(page, `the mobile menu (${theme})`);

      await page.setViewportSize({ width: 1280, height: 800 });
      const inBar = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse Tips" });
      await expect(inBar).toHaveAttribute("aria-current", "page");
      await expect(inBar).toHaveCSS("background-color", current.background);
      await expect(inBar).toHaveCSS("color", current.text);

      await page.goto("/dashboard");
      const inSidebar = page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: "Overview" });
      await expect(inSidebar).toHaveAttribute("aria-current", "page");
      await expect(inSidebar).toHaveCSS("background-color", current.background);
      await expect(inSidebar).toHaveCSS("color", current.text);
    });
  }
});

/** Whether two boxes share any area. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe("the header", () => {
  for (const width of [390, 1024]) {
    test(`shows the brand's name at ${width} px, signed in, with every control on screen`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await login();
      await page.goto("/browse-tips");
      const header = page.getByRole("banner");
      const brand = header.getByRole("link", { name: "Gardening Community" });
      const name = brand.getByText("Gardening Community");
      await expect(name).toBeVisible();
      // Drawn as words, not squeezed into a screen-reader-only pixel; two short lines at most.
      const brandBox = await box(name);
      expect(brandBox.width).toBeGreaterThan(60);
      expect(await lineCount(name)).toBeLessThanOrEqual(2);

      const controls = header
        .getByRole("navigation", { name: "Main" })
        .locator("a, button")
        .filter({ visible: true });
      expect(await controls.count()).toBeGreaterThan(3);
      for (const control of await controls.all()) {
        const rect = await box(control);
        expect(rect.x, `${await control.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
        expect(
          rect.x + rect.width,
          `${(await control.getAttribute("aria-label")) ?? (await control.textContent())} ends on screen`,
        ).toBeLessThanOrEqual(width);
        if ((await control.getAttribute("href")) !== "/") expect(overlap(brandBox, rect)).toBe(false);
      }
      await expect(header.getByRole("button", { name: "Logout" })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});

/** The WCAG contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]) {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * For each dot of the banner's pager, the lowest contrast ratio between the dot's colour and the pixels
 * drawn just around it, read from a screenshot: what is really behind the dot, picture included.
 */
async function dotContrasts(page: Page, pager: Locator) {
  const area = await box(pager);
  const dots = await pager
    .locator("button > span")
    .evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().toJSON() as DOMRect));
  const { data, info } = await sharp(await page.screenshot({ clip: area }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = info.width / area.width;
  const pixel = (x: number, y: number) => {
    const column = Math.min(info.width - 1, Math.max(0, Math.round((x - area.x) * scale)));
    const row = Math.min(info.height - 1, Math.max(0, Math.round((y - area.y) * scale)));
    const at = (row * info.width + column) * info.channels;
    return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
  };
  return dots.map((dot) => {
    const colour = pixel(dot.x + dot.width / 2, dot.y + dot.height / 2);
    // A ring 3 px outside the dot, within the pager's area.
    const [left, right] = [dot.x - 3, dot.x + dot.width + 3];
    const [top, bottom] = [
      Math.max(area.y, dot.y - 3),
      Math.min(area.y + area.height - 1, dot.y + dot.height + 3),
    ];
    const ring: number[][] = [];
    for (let x = left; x <= right; x += 1) ring.push(pixel(x, top), pixel(x, bottom));
    for (let y = top; y <= bottom; y += 1) ring.push(pixel(left, y), pixel(right, y));
    return Math.min(...ring.map((around) => contrast(colour, around)));
  });
}

test.describe("the home banner's dots", () => {
  test.use({ reducedMotion: "reduce" });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    test(`stand out from what is behind them on every slide at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      const pager = page.getByRole("group", { name: "Choose a slide" });
      for (const n of [1, 2, 3]) {
        const dot = pager.getByRole("button", { name: new RegExp(`^Go to slide ${n}`) });
        await dot.click();
        await expect(dot).toHaveAttribute("aria-current", "true");
        await animationsDone(pager);
        const contrasts = await dotContrasts(page, pager);
        expect(contrasts).toHaveLength(3);
        // WCAG 1.4.11: controls need 3:1 against what is next to them.
        for (const [index, ratio] of contrasts.entries())
          expect(ratio, `slide ${n}, dot ${index + 1}`).toBeGreaterThanOrEqual(3);
      }
    });
  }
});

/** How many lines an element's text takes on screen. */
function lineCount(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (line) => Math.round(line.top))).size;
  });
}

/** The distinct top edges of the elements, to the pixel: one value means one row. */
async function rowTops(locator: Locator) {
  const tops = await locator.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().top)),
  );
  return [...new Set(tops)];
}

test.describe("the footer", () => {
  for (const social of [false, true]) {
    test(`keeps each of its rows on one line at 390, 768, 1024 and 1280 px${social ? ", with the social icons" : ""}`, async ({
      page,
      login,
    }) => {
      // A page the server does not render (the profile's form) is drawn by the browser, which asks the
      // API for the site's settings: there the test can stand in for a server with every social network
      // configured.
      await login();
      if (social)
        await page.route("**/api/config", (route) =>
          route.fulfill({
            json: {
              googleSignIn: false,
              social: Object.fromEntries(
                ["facebook", "twitter", "instagram", "linkedin"].map((network) => [
                  network,
                  `https://${network}.example/garden`,
                ]),
              ),
            },
          }),
        );
      await page.goto("/profile");
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText("All rights reserved");
      // One page, resized: the footer's rows answer to the width alone.
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        // The section links are for wider screens only (they are in the menu on a phone).
        const links = footer
          .getByRole("navigation", { name: "Footer" })
          .getByRole("link")
          .filter({ visible: true });
        await expect(links).toHaveCount(width < 768 ? 0 : 6);
        if (social)
          await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).toHaveCount(4);
        if (width >= 768) expect(await rowTops(links)).toHaveLength(1);
        for (const link of await links.all()) expect(await lineCount(link)).toBe(1);
        expect(
          await lineCount(
            footer.getByRole("link", { name: "Gardening Community" }).getByText("Gardening Community"),
          ),
        ).toBe(1);
        if (social)
          expect(
            await rowTops(footer.getByRole("list", { name: "Social media" }).getByRole("link")),
          ).toHaveLength(1);
        expect(await rowTops(footer.getByRole("link", { name: /Privacy Policy|Terms of Use/ }))).toHaveLength(
          1,
        );
        expect(await lineCount(footer.getByText(/All rights reserved/))).toBe(1);
        for (const link of await footer.getByRole("link").filter({ visible: true }).all()) {
          const rect = await box(link);
          expect(rect.x).toBeGreaterThanOrEqual(0);
          expect(rect.x + rect.width).toBeLessThanOrEqual(width);
        }
      }
    });
  }
});

/** Every label of a chart figure's drawing that shows: its text, box, colour and outline, and the drawing's box. */
function chartLabels(figure: Locator) {
  return figure.evaluate((element) => {
    const drawing = element.querySelector("[data-chart-drawing]");
    if (!drawing) throw new Error("no chart drawn");
    const labels = Array.from(drawing.querySelectorAll("[data-chart-label]"))
      .filter((label) => label.checkVisibility({ visibilityProperty: true }))
      .map((label) => {
        const style = getComputedStyle(label);
        return {
          text: label.textContent ?? "",
          box: label.getBoundingClientRect().toJSON() as DOMRect,
          colour: style.color,
          outline: style.webkitTextStrokeWidth,
          // Wider than the box it is in: cut off or spilling over its neighbours.
          cut: label.scrollWidth > Math.ceil(label.getBoundingClientRect().width),
        };
      });
    return {
      chart: drawing.getBoundingClientRect().toJSON() as DOMRect,
      labels,
      textColour: getComputedStyle(drawing).color,
    };
  });
}

async function expectReadableLabels(figure: Locator) {
  const { chart, labels, textColour } = await chartLabels(figure);
  expect(labels.length).toBeGreaterThan(3);
  for (const [index, label] of labels.entries()) {
    // In the text colour, not outlined (an outline swells the letters into their neighbours).
    expect(label.colour, label.text).toBe(textColour);
    expect(label.outline, label.text).toBe("0px");
    expect(label.cut, `${label.text} is whole`).toBe(false);
    // Wholly inside the drawing.
    expect(label.box.left, `${label.text} starts inside the chart`).toBeGreaterThanOrEqual(chart.left);
    expect(label.box.right, `${label.text} ends inside the chart`).toBeLessThanOrEqual(chart.right);
    expect(label.box.top).toBeGreaterThanOrEqual(chart.top);
    expect(label.box.bottom).toBeLessThanOrEqual(chart.bottom);
    for (const other of labels.slice(index + 1))
      expect(
        overlap(
          { x: label.box.left, y: label.box.top, width: label.box.width, height: label.box.height },
          { x: other.box.left, y: other.box.top, width: other.box.width, height: other.box.height },
        ),
        `${label.text} and ${other.text} overlap`,
      ).toBe(false);
  }
}

test.describe("the dashboard overview", () => {
  for (const width of [390, 1280]) {
    test(`chart labels are whole, apart and readable at ${width} px`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      await page.goto("/dashboard");
      for (const name of ["Public tips by category", "Likes on your tips, per week"]) {
        const figure = page.getByRole("figure", { name });
        await expect(figure.locator("[data-chart-label]").first()).toBeVisible();
        await expectReadableLabels(figure);
      }
    });
  }

  test("chart labels fit in a reader's larger font too", async ({ page, login }) => {
    // The site uses the reader's own system font and size: the charts make room for their labels as drawn,
    // here with a browser set to 20 px text instead of 16.
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = "html { font-size: 20px }";
        document.head.append(style);
      }),
    );
    await page.setViewportSize({ width: 390, height: 900 });
    await login();
    await page.goto("/dashboard");
    for (const name of ["Public tips by category", "Likes on your tips, per week"]) {
      const figure = page.getByRole("figure", { name });
      await expect(figure.locator("[data-chart-label]").first()).toBeVisible();
      await expectReadableLabels(figure);
    }
  });

  test("Quick Actions is as tall as what it holds, beside the taller recent tips", async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login();
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Quick Actions" });
    const last = card.getByRole("link", { name: "Browse all tips" });
    await expect(last).toBeVisible();
    const [cardBox, lastBox, recent] = await Promise.all([
      box(card),
      box(last),
      box(page.getByRole("region", { name: "Recent tips" })),
    ]);
    expect(recent.height, "the recent tips are the taller card").toBeGreaterThan(cardBox.height);
    // Under the last button, only the card's padding (20 px) and border.
    expect(cardBox.y + cardBox.height - (lastBox.y + lastBox.height)).toBeLessThanOrEqual(24);
  });

  test("a tip's View, Edit and Delete share one line in the dashboard's My Tips table", async ({
    page,
    login,
    createTip,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login();
    const tip = await createTip({
      title: "A rather long title about growing tomatoes in containers on a balcony",
      category: "Soil & Composting",
      description: "A long description of the tip that goes on and on about the details of watering.",
    });
    await page.goto("/dashboard/my-tips");
    const row = page.getByRole("table", { name: "My tips" }).getByRole("row").filter({ hasText: tip.title });
    const [view, edit, remove] = await Promise.all([
      box(row.getByRole("link", { name: `View ${tip.title}` })),
      box(row.getByRole("link", { name: `Edit ${tip.title}` })),
      box(row.getByRole("button", { name: `Delete ${tip.title}` })),
    ]);
    expect(remove.y).toBe(edit.y);
    expect(remove.y).toBe(view.y);
    expect(remove.height).toBe(edit.height);
    expect(remove.height).toBe(view.height);
    // One line of text: the icon beside the word, not above it.
    expect(remove.height).toBeLessThan(2 * 16);
  });
});
