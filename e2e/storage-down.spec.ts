import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import S3rver from "s3rver";
import sharp from "sharp";
import { freePort } from "../src/server/test/server-process.ts";
import type { Tip } from "../src/shared/schemas/tip.ts";
import { expect, keepScreenshot, newAccount, test, uniqueWord } from "./fixtures.ts";

// docs/operations.md: while the photos' object storage is out of reach, an upload answers 503 with a plain
// message, no photo or part of one is kept, the member's form keeps what they typed, and uploads work again
// as soon as the storage is back. The shared e2e server keeps its photos in a folder (and runs as root, so
// a read-only folder would not stop it): this file starts its own build of the server, on its own fresh
// data folder, with its photos in a local S3-compatible server (s3rver) that the test stops and starts
// again on the same port and folder.

const STORAGE_UNAVAILABLE =
  "Photos cannot be stored or shown just now. Nothing was lost: try the photo again in a minute.";
const SAVE_STOPPED =
  "Nothing was saved: the photo was not uploaded (the reason is under Photo). Choose the photo again, or another one.";
const BUCKET = "garden-photos";
const root = path.resolve(import.meta.dirname, "..");
const PHOTO_URL = /\/uploads\/[0-9a-f]{32}-1200x900\.webp$/;

let folder = "";
let s3Port = 0;
let s3: S3rver | null = null;
let server: ChildProcess | null = null;
let serverOutput = "";
let site = "";

async function startStorage() {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: s3Port,
    directory: path.join(folder, "bucket"),
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
}

async function stopStorage() {
  await s3?.close();
  s3 = null;
}

/** The photo files in the bucket (s3rver keeps each object as a file named after its key). */
function storedPhotos(dir = path.join(folder, "bucket")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? storedPhotos(path.join(dir, entry.name))
      : entry.name.includes(".webp")
        ? [entry.name]
        : [],
  );
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = mkdtempSync(path.join(os.tmpdir(), "garden-e2e-storage-down-"));
  s3Port = await freePort();
  await startStorage();
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(root, "dist/server/server.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: path.join(folder, "data"),
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: site,
      SEED_DEMO_DATA: "false",
      RATE_LIMITS: "off",
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
  });
  server.stdout?.on("data", (chunk) => {
    serverOutput += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    serverOutput += chunk;
  });
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the server exited: ${serverOutput}`);
        return fetch(`${site}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 90_000, message: "the server with S3 storage answers" },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await stopStorage();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** What the member typed, as the form must still show it. */
async function expectTheFormKept(page: Page, tip: Record<string, string>) {
  await expect(page.getByLabel("Title")).toHaveValue(tip.title ?? "");
  await expect(page.getByLabel("Plant type")).toHaveValue(tip.plantType ?? "");
  await expect(page.getByLabel("Difficulty")).toHaveValue(tip.difficulty ?? "");
  await expect(page.getByLabel("Category")).toHaveValue(tip.category ?? "");
  await expect(page.getByLabel("Availability")).toHaveValue(tip.availability ?? "");
  await expect(page.getByLabel("Description")).toHaveValue(tip.description ?? "");
}

test.describe("object storage down during an upload", () => {
  // The refused upload's 503 is the point of the test; Chromium reports every 5xx answer on the console.
  test.use({ allowConsoleErrors: [/status of 503/] });

  test("the member is told plainly, nothing is kept, the form keeps what was typed, and sharing works once the storage is back", async ({
    page,
    playwright,
  }, testInfo) => {
    const account = { ...newAccount(), image: `${site}/images/gardeners/maya-okafor.svg` };
    const signUp = await page.request.post(`${site}/api/auth/sign-up/email`, {
      data: account,
      headers: { Origin: site },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const visitor = await playwright.request.newContext({ baseURL: site });
    /** The member's own tips (any availability), and the tips anyone sees. */
    const ownTips = async () =>
      (await (
        await page.request.get(`${site}/api/tips`, { params: { email: account.email } })
      ).json()) as Tip[];
    const publicTips = async () => (await (await visitor.get("/api/tips")).json()) as Tip[];

    const tip = {
      title: `Peas on a trellis ${uniqueWord()}`,
      plantType: "Pea",
      difficulty: "Medium",
      category: "Vegetables",
      availability: "Public",
      description: "Sow them early in cool soil and give them a trellis to climb.",
    };
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 60, g: 140, b: 70 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();

    await page.goto(`${site}/share-garden-tip`);
    await page.getByLabel("Title").fill(tip.title);
    await page.getByLabel("Plant type").fill(tip.plantType);
    await page.getByLabel("Difficulty").selectOption(tip.difficulty);
    await page.getByLabel("Category").selectOption(tip.category);
    await page.getByLabel("Availability").selectOption(tip.availability);
    await page.getByLabel("Description").fill(tip.description);

    // The storage goes away. The member chooses the photo and presses Share Tip while it is still on its
    // way (the request is held until then), so the save waits for the upload the storage refuses.
    await stopStorage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${site}/api/uploads`, async (route) => {
      await held;
      await route.continue();
    });
    const refused = page.waitForResponse(`${site}/api/uploads`);
    const field = page.getByRole("group", { name: "Photo" });
    await field.getByLabel("Photo file").setInputFiles({
      name: "IMG_2041.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await expect(field.getByRole("progressbar", { name: "Uploading photo" })).toBeVisible();
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByRole("button", { name: /^Uploading photo \d+ %\.\.\.$/ })).toBeVisible();
    release();

    const answer = await refused;
    expect(answer.status()).toBe(503);
    expect(answer.headers()["retry-after"]).toBe("60");
    expect(((await answer.json()) as { message: string }).message).toBe(STORAGE_UNAVAILABLE);
    // Told at once, in plain words, under the photo; and under the form that nothing was saved.
    await expect(field.getByRole("alert")).toHaveText(STORAGE_UNAVAILABLE);
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toHaveText(SAVE_STOPPED);
    await expect(field.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Share Tip" })).toBeEnabled();
    await expect(page.getByText("Tip submitted successfully!")).toHaveCount(0);
    await keepScreenshot(page, testInfo.outputPath("storage-down.png"), { fullPage: true });
    // Every field still holds what was typed, and no photo address was put in the form.
    await expectTheFormKept(page, tip);
    await expect(page.getByLabel("Image URL")).toHaveValue("");
    await expect(field.getByRole("img", { name: "Preview of the chosen photo" })).toHaveCount(0);
    // No tip, and no photo or part of one in the bucket.
    expect(await ownTips()).toEqual([]);
    expect(await publicTips()).toEqual([]);
    expect(storedPhotos()).toEqual([]);

    // The storage is back: the member chooses the photo again and shares, without typing anything again.
    await page.unroute(`${site}/api/uploads`);
    await startStorage();
    await field.getByLabel("Photo file").setInputFiles({
      name: "IMG_2041.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    const preview = field.getByRole("img", { name: "Preview of the chosen photo" });
    await expect(preview).toHaveAttribute("src", PHOTO_URL);
    await expect(field.getByRole("status")).toHaveText("Photo uploaded");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectTheFormKept(page, tip);
    const uploadedUrl = await preview.getAttribute("src");
    await page.getByRole("button", { name: "Share Tip" }).click();
    await expect(page.getByText("Tip submitted successfully!")).toBeVisible();

    const [shared, ...others] = await ownTips();
    expect(others).toEqual([]);
    expect(shared).toMatchObject(tip);
    expect(shared?.images).toBe(uploadedUrl);
    await expect.poll(async () => (await publicTips()).map((listed) => listed._id)).toEqual([shared?._id]);
    // Its photo is served: a real image, from the bucket.
    const served = await page.request.get(shared?.images ?? "");
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    const metadata = await sharp(await served.body()).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 1200, 900]);
    expect(storedPhotos().length).toBeGreaterThan(0);
    await visitor.dispose();
  });
});
