import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  type Theme,
  test,
} from "./fixtures.ts";

/** A phone photo 1600 x 1200, with the GPS position a phone writes into it. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const mark = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 60, g: 140, b: 70 } } })
    .composite([{ input: mark, left: (seed * 37) % 1500, top: (seed * 53) % 1100 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .toBuffer();
}

const PHOTO_URL = /\/uploads\/[0-9a-f]{32}-1600x1200\.webp$/;

async function choosePhoto(page: Page, seed: number) {
  const field = page.getByRole("group", { name: "Photo" });
  await field.getByLabel("Photo file").setInputFiles({
    name: "IMG_2041.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(seed),
  });
  const preview = field.getByRole("img", { name: "Preview of the chosen photo" });
  await expect(preview).toHaveAttribute("src", PHOTO_URL);
  // The uploaded photo's address is not offered for editing.
  await expect(page.getByLabel("Image URL")).toHaveCount(0);
  await expect(preview).toHaveJSProperty("complete", true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

for (const { width, height, label } of [
  { width: 1280, height: 900, label: "a wide screen" },
  { width: 390, height: 844, label: "a phone" },
]) {
  test(`a gardener shares a tip with a photo from the device and sees it on the tip's page, on ${label}`, async ({
    page,
    login,
    searchWord,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    await login();
    const title = `Photo of my peas ${searchWord}`;
    await page.goto("/share-garden-tip");
    await choosePhoto(page, width);
    await expect(page.getByRole("status").filter({ hasText: "Photo uploaded" })).toHaveCount(1);
    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const theme of ["light", "dark"] as Theme[]) {
      await page.evaluate((saved) => document.documentElement.setAttribute("data-theme", saved), theme);
      await expectNoA11yViolations(page, `the share form with a photo, ${theme}, ${width} px`);
      await keepScreenshot(page, testInfo.outputPath(`share-${width}-${theme}.png`), { fullPage: true });
    }

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Plant type").fill("Pea");
    await page.getByLabel("Category").selectOption("Vegetables");
    await page.getByLabel("Description").fill("Sow them early and give them a trellis to climb.");
    await page.getByRole("button", { name: "Share Tip" }).click();
    await page.getByRole("link", { name: "View your tip" }).click();

    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const photo = page.getByRole("img", { name: `Photo: ${title}` });
    await expect(photo).toHaveAttribute("src", PHOTO_URL);
    await expect(photo).toHaveAttribute("width", "1600");
    await expect(photo).toHaveAttribute("height", "1200");
    const srcset = (await photo.getAttribute("srcset")) ?? "";
    expect(srcset.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
      "480w",
      "960w",
      "1440w",
      "1600w",
    ]);
    await expect(photo).toHaveJSProperty("complete", true);
    // The browser picked one of the sizes for this screen, and it loaded.
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/uploads\/[0-9a-f]{32}-/,
    );
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const served = await page.request.get((await photo.getAttribute("src")) ?? "");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers()["content-type"]).toBe("image/webp");
    // The stored photo carries no EXIF block, so no GPS position.
    expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

    for (const theme of ["light", "dark"] as Theme[]) {
      await gotoWithTheme(page, page.url(), theme);
      await expect(photo).toHaveJSProperty("complete", true);
      // Scanned once the member's own controls have their state: a button turning enabled during the scan
      // is read mid-way through its colours' transition.
      await expect(page.getByRole("button", { name: "Save", exact: true })).toBeEnabled();
      await expectNoA11yViolations(page, `the tip's page, ${theme}, ${width} px`);
    }
  });
}

test.describe("refusals and cancelling", () => {
  // The refused file's 415 is the point of the test; Chromium reports every 4xx answer on the console.
  test.use({ allowConsoleErrors: [/status of 415/] });

  test("a refused file says why, and a photo can be cancelled and chosen again", async ({
    page,
    login,
  }, testInfo) => {
    await login();
    await page.goto("/dashboard/add-tip");
    const field = page.getByRole("group", { name: "Photo" });
    await field.getByLabel("Photo file").setInputFiles({
      name: "drawing.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    });
    await expect(field.getByRole("alert")).toHaveText(
      "Choose a photo in JPEG, PNG, WebP, AVIF or HEIC format",
    );
    await expect(page.getByLabel("Image URL")).toHaveValue("");
    await expectNoA11yViolations(page, "a refused file");
    await keepScreenshot(field, testInfo.outputPath("refused.png"));

    // A slow connection: the upload is still going when Cancel is pressed, and the request is stopped.
    await page.route("**/api/uploads", async (route) => {
      await new Promise((resolve) => page.once("requestfailed", resolve));
      await route.continue().catch(() => {});
    });
    const failed = page.waitForEvent("requestfailed", (request) => request.url().endsWith("/api/uploads"));
    await field.getByLabel("Photo file").setInputFiles({
      name: "IMG_1.jpg",
      mimeType: "image/jpeg",
      buffer: await phonePhoto(1),
    });
    await expect(field.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
    await expectNoA11yViolations(page, "an upload in progress");
    await keepScreenshot(field, testInfo.outputPath("uploading.png"));
    await field.getByRole("button", { name: "Cancel upload" }).click();
    await failed;
    await expect(field.getByRole("progressbar")).toHaveCount(0);
    await expect(field.getByRole("button", { name: "Choose a photo" })).toBeFocused();
    await expect(page.getByLabel("Image URL")).toHaveValue("");
    await expect(field.getByRole("alert")).toHaveCount(0);

    await page.unroute("**/api/uploads");
    await choosePhoto(page, 2);
  });
});

test("the profile takes a photo from the device", async ({ page, login }, testInfo) => {
  await login();
  for (const { width, height } of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width, height });
    for (const theme of ["light", "dark"] as Theme[]) {
      await gotoWithTheme(page, "/profile", theme);
      await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
      await expectNoA11yViolations(page, `the profile, ${theme}, ${width} px`);
      await keepScreenshot(page, testInfo.outputPath(`profile-${width}-${theme}.png`), { fullPage: true });
    }
  }
  await page.getByLabel("Photo file").setInputFiles({
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(3),
  });
  await expect(page.getByRole("img", { name: "Preview of your profile photo" })).toHaveAttribute(
    "src",
    PHOTO_URL,
  );
  await expect(page.getByLabel("Profile photo url")).toHaveCount(0);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("img", { name: "Preview of your profile photo" })).toHaveAttribute(
    "src",
    PHOTO_URL,
  );
});
