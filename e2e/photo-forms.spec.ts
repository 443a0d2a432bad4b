import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, keepScreenshot, test, throttleLikeAPhone } from "./fixtures.ts";
import { E2E } from "./support/env.ts";

// Every form with a photo, saved while the photo is still on its way over a slow phone connection: the
// save waits for the upload (its button shows the progress) and the saved record has the photo.

const UPLOADED = /\/uploads\/[0-9a-f]{32}-\d+x\d+\.webp$/;

/**
 * A photo of noise, so JPEG cannot shrink it: about 230 KB, some seven seconds at the upload rate below,
 * several times what choosing it and pressing save take on a loaded machine.
 */
async function heavyPhoto(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Chooses the photo, presses `save` while the progress bar is still there, and checks the wait. */
async function saveMidUpload(page: Page, save: string) {
  const photo = page.getByRole("group", { name: "Photo" });
  await photo.getByLabel("Photo file").setInputFiles({
    name: "IMG_3001.jpg",
    mimeType: "image/jpeg",
    buffer: await heavyPhoto(),
  });
  await expect(page.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
  await page.getByRole("button", { name: save }).click();
  const waiting = page.getByRole("button", { name: /^Uploading photo \d+ %\.\.\.$/ });
  await expect(waiting).toBeVisible();
  await expect(waiting).toBeDisabled();
  // No complaint about the photo field the member filled, while it uploads.
  await expect(page.getByText("Add a photo or its address")).toHaveCount(0);
  await expect(page.getByText("URL is required")).toHaveCount(0);
}

test.describe("saving while the photo still uploads, on a slow connection", () => {
  test.setTimeout(60_000);

  test("Share a Garden Tip waits for the photo and shares the tip with it", async ({
    page,
    login,
    searchWord,
  }) => {
    await login();
    await page.goto("/share-garden-tip");
    await page.getByLabel("Title").fill(`Peas with a photo ${searchWord}`);
    await page.getByLabel("Plant type").fill("Pea");
    await page.getByLabel("Category").selectOption("Vegetables");
    await page.getByLabel("Description").fill("Sow them early and give them a trellis to climb.");
    await throttleLikeAPhone(page, { upKbps: 256 });
    await saveMidUpload(page, "Share Tip");

    await expect(page.getByText("Tip submitted successfully!")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "View your tip" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Peas with a photo ${searchWord}`);
    const id = new URL(page.url()).pathname.split("/").pop();
    const tip = await (await page.request.get(`/api/tips/${id}`)).json();
    expect(tip.images).toMatch(UPLOADED);
  });

  test("the dashboard's Add Tip waits for the photo and adds the tip with it", async ({
    page,
    login,
    searchWord,
  }) => {
    const me = await login();
    await page.goto("/dashboard/add-tip");
    const title = `Beans with a photo ${searchWord}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Plant type").fill("Bean");
    await page.getByLabel("Difficulty").selectOption("Easy");
    await page.getByLabel("Category").selectOption("Vegetables");
    await page.getByLabel("Description").fill("Pick them young and often to keep them coming.");
    await throttleLikeAPhone(page, { upKbps: 256 });
    await saveMidUpload(page, "Add Tip");

    await expect(page.getByText("Your tip is added.")).toBeVisible({ timeout: 30_000 });
    const mine = await (await page.request.get(`/api/tips?email=${encodeURIComponent(me.email)}`)).json();
    expect(mine).toEqual([expect.objectContaining({ title, images: expect.stringMatching(UPLOADED) })]);
  });

  test("Update Tip waits for the new photo and replaces the old one with it", async ({
    page,
    login,
    createTip,
  }) => {
    await login();
    const tip = await createTip({ images: `${E2E.baseURL}/images/tips/raised-vegetable-bed.svg` });
    await page.goto(`/update-tip/${tip._id}`);
    await expect(page.getByLabel("Title")).toHaveValue(tip.title);
    await throttleLikeAPhone(page, { upKbps: 256 });
    await saveMidUpload(page, "Update Tip");
    await keepScreenshot(page, test.info().outputPath("update-waiting.png"));

    await expect(page.getByText("Your changes are saved.")).toBeVisible({ timeout: 30_000 });
    const saved = await (await page.request.get(`/api/tips/${tip._id}`)).json();
    expect(saved.images).toMatch(UPLOADED);
  });

  test("Profile waits for the photo before it says Profile updated, and keeps it", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/profile");
    await throttleLikeAPhone(page, { upKbps: 256 });
    await saveMidUpload(page, "Save changes");
    await expect(page.getByText("Profile updated")).toBeVisible({ timeout: 30_000 });
    const session = await (await page.request.get("/api/auth/get-session")).json();
    expect(session.user.image).toMatch(UPLOADED);
    // After a reload the avatar is the uploaded photo.
    await page.reload();
    await expect(page.getByRole("img", { name: "Preview of your profile photo" })).toHaveAttribute(
      "src",
      UPLOADED,
    );
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("the photo field offers the camera and the files, and says nothing about dragging", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/share-garden-tip");
    const photo = page.getByRole("group", { name: "Photo" });
    await expect(photo.getByRole("button", { name: "Choose a photo" })).toBeVisible();
    await expect(photo.getByText(/Drag a photo/)).toBeHidden();
  });
});

test("with a mouse the photo field offers dragging too", async ({ page, login }) => {
  await login();
  await page.goto("/share-garden-tip");
  await expect(page.getByRole("group", { name: "Photo" }).getByText("Drag a photo here, or")).toBeVisible();
});
