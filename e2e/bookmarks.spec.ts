import { expect, expectNoA11yViolations, gotoWithTheme, keepScreenshot, test } from "./fixtures.ts";
import { E2E } from "./support/env.ts";

test.describe("bookmarks", () => {
  test("a member saves a tip with a note and next spring in their hemisphere, finds it in Bookmarks, changes and removes it", async ({
    page,
    login,
    createTip,
  }) => {
    await login();
    const tip = await createTip({ title: "Divide the irises" });
    await page.goto(`/tips/${tip._id}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Save this tip" });
    await expect(dialog).toBeVisible();
    // Quick choices name their day and time; the seasons wait for the hemisphere.
    await expect(
      dialog.getByRole("radio", { name: /^Tomorrow · \w{3} \d{1,2} \w{3}.*, 08:00$/ }),
    ).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Next spring · in your hemisphere" })).toBeVisible();
    await dialog.getByLabel("Note (optional)").fill("For the bed by the fence");
    await dialog.getByRole("radio", { name: /^Next spring/ }).check();
    // Asked once, when first needed: saving without it says what is missing.
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByText("Say where your garden is")).toBeVisible();
    await dialog.getByRole("radio", { name: /^Southern hemisphere/ }).check();
    // Now the season has its date: the first of September, at 08:00.
    await expect(
      dialog.getByRole("radio", { name: /^Next spring · \w{3} 1 Sep( \d{4})?, 08:00$/ }),
    ).toBeChecked();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Saved to your bookmarks")).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
    await expect(page.getByText(/^Reminder: \w{3} 1 Sep( \d{4})?, 08:00$/)).toBeVisible();
    // Focus came back to the button that opened the dialog.
    await expect(page.getByRole("button", { name: "Saved" })).toBeFocused();

    // The hemisphere is kept in the member's settings, shown on the profile.
    await page.goto("/profile");
    await expect(page.getByLabel("Hemisphere")).toHaveValue("south");

    await page.goto("/bookmarks");
    const item = page.getByRole("article", { name: "Divide the irises" });
    await expect(item).toContainText("For the bed by the fence");
    await expect(item).toContainText(/Reminder: \w{3} 1 Sep( \d{4})?, 08:00 \(start of spring\)/);
    await item.getByRole("button", { name: /^Change/ }).click();
    const change = page.getByRole("dialog", { name: "Your bookmark" });
    await expect(change.getByLabel("Note (optional)")).toHaveValue("For the bed by the fence");
    await change.getByRole("radio", { name: "No reminder" }).check();
    await change.getByRole("button", { name: "Save", exact: true }).click();
    await expect(change).toBeHidden();
    await expect(item).not.toContainText("Reminder");

    // A day of one's own in the past is refused before anything is sent.
    await item.getByRole("button", { name: /^Change/ }).click();
    await change.getByRole("radio", { name: "On a day I choose" }).check();
    await change.getByLabel("Day and time").fill("2020-01-01T09:00");
    await change.getByRole("button", { name: "Save", exact: true }).click();
    await expect(change.getByText("Choose a time in the future")).toBeVisible();
    await change.getByRole("button", { name: "Cancel" }).click();

    await item.getByRole("button", { name: /^Remove/ }).click();
    await expect(page.getByText("You have not saved any tips yet.", { exact: false })).toBeVisible();
  });

  test("a deleted tip's bookmark says so, with its title, until it goes", async ({
    page,
    login,
    createTip,
  }) => {
    await login();
    const tip = await createTip({ title: "Soon gone" });
    const headers = { Origin: E2E.baseURL };
    expect((await page.request.put(`/api/tips/${tip._id}/bookmark`, { headers, data: {} })).status()).toBe(
      200,
    );
    expect((await page.request.delete(`/api/tips/${tip._id}`, { headers })).status()).toBe(204);
    await page.goto("/bookmarks");
    const item = page.getByRole("article", { name: "Soon gone" });
    await expect(item).toContainText(/This tip was deleted\. Its bookmark goes on \w{3} \d{1,2} \w{3}\./);
    await expect(item.getByRole("link")).toHaveCount(0);
  });

  // Each theme once and each width once (ADR 092): colours do not change with the width, nor layout with the theme.
  for (const [theme, width] of [
    ["dark", 1280],
    ["light", 390],
  ] as const)
    test(`the save dialog and Bookmarks at ${width} px in the ${theme} theme`, async ({
      page,
      login,
      createTip,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await login();
      const tip = await createTip({ title: "Sow sweet peas in pots" });
      const headers = { Origin: E2E.baseURL };
      const saved = await page.request.put(`/api/tips/${tip._id}/bookmark`, {
        headers,
        data: { note: "Try the tall ones", remindAt: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      await gotoWithTheme(page, `/tips/${tip._id}`, theme);
      await page.getByRole("button", { name: "Saved" }).click();
      const dialog = page.getByRole("dialog", { name: "Your bookmark" });
      await expect(dialog.getByRole("radio", { name: /^On a day I choose/ })).toBeChecked();
      await expectNoA11yViolations(page, `bookmark dialog (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`bookmark-dialog-${theme}-${width}.png`));
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await gotoWithTheme(page, "/bookmarks", theme);
      await expect(page.getByRole("article", { name: "Sow sweet peas in pots" })).toContainText(
        "Try the tall ones",
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `Bookmarks (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`bookmarks-${theme}-${width}.png`));

      await gotoWithTheme(page, "/profile", theme);
      await expect(page.getByRole("form", { name: "Your garden", exact: true })).toBeVisible();
      await page.getByRole("form", { name: "Your garden", exact: true }).scrollIntoViewIfNeeded();
      await expectNoA11yViolations(page, `profile with Your garden (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`garden-settings-${theme}-${width}.png`));
    });
});
