import { readFile } from "node:fs/promises";
import yauzl from "yauzl";
import { expect, expectNoA11yViolations, gotoWithTheme, keepScreenshot, test } from "./fixtures.ts";

/** The names and text of a zip's entries (photos as their size only). */
async function entriesOf(file: string): Promise<Map<string, string>> {
  const bytes = await readFile(file);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
        zip.readEntry();
      }),
    );
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

test.describe("your data", () => {
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`a member downloads a copy of their data from the profile (${theme}, ${width} px)`, async ({
      page,
      login,
      createTip,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const me = await login();
      const tip = await createTip({ title: "Leeks in a bucket" });

      await gotoWithTheme(page, "/profile", theme);
      const card = page.locator("#your-data");
      await expect(card.getByRole("heading", { name: "Your data" })).toBeVisible();
      await card.getByRole("button", { name: "Download your data" }).click();
      await expect(page.getByText("We are preparing your copy.", { exact: false })).toBeVisible();
      const download = card.getByRole("link", { name: "Download the zip" });
      await expect(download).toBeVisible({ timeout: 30_000 });
      await expect(card.getByText(/You can ask for another copy from .* \(one a day\)/)).toBeVisible();
      // Told by the bell too, wherever the member is.
      await expect(
        page.getByRole("banner").getByRole("link", { name: "Notifications (1 unread)" }),
      ).toBeVisible();
      await expectNoA11yViolations(page, `profile with a copy ready, ${theme}`);
      await keepScreenshot(card, testInfo.outputPath(`your-data-${theme}-${width}.png`));

      const saving = page.waitForEvent("download");
      await download.click();
      const file = await saving;
      expect(file.suggestedFilename()).toMatch(/^garden-community-data-\d{4}-\d\d-\d\d\.zip$/);
      const entries = await entriesOf((await file.path()) ?? "");
      expect(JSON.parse(entries.get("profile.json") ?? "{}").account.email).toBe(me.email.toLowerCase());
      expect(
        (JSON.parse(entries.get("tips.json") ?? "[]") as Array<{ _id: string }>).map((t) => t._id),
      ).toEqual([tip._id]);
      expect(entries.get("README.html")).toContain(tip.title);

      // The notification leads back to it.
      await page
        .getByRole("banner")
        .getByRole("link", { name: /^Notifications/ })
        .click();
      await page.getByText("The copy of your data you asked for is ready to download").click();
      await expect(page).toHaveURL(/\/profile#your-data$/);
      await expect(card.getByRole("link", { name: "Download the zip" })).toBeInViewport();
    });
});
