import {
  expect,
  expectNoA11yViolations,
  gotoWithTheme,
  keepScreenshot,
  newAccount,
  test,
} from "./fixtures.ts";
import { E2E } from "./support/env.ts";

test.describe("a member's gardener page", () => {
  test("a member sets their page, shares a tip and is found on Explore and on their page; a visitor sees no e-mail", async ({
    page,
    browser,
    login,
    createTip,
    searchWord,
  }) => {
    // A name that sorts before every demo gardener: the first page of Explore shows it whoever else is listed.
    const me = await login({ ...newAccount(), name: `Aa ${searchWord}` });
    const handle = `aa_${searchWord}`.slice(0, 25);

    await page.goto("/profile");
    const form = page.getByRole("form", { name: "Your gardener page" });
    await form.getByLabel("Handle").fill(handle.toUpperCase());
    await form
      .getByLabel("Bio")
      .fill("Clay soil, north-facing.\nMy notes: https://example.com/notes <b>bold?</b>");
    await form.getByLabel("Location").fill("Leeds, UK");
    await form.getByLabel("Certifications").fill("RHS Level 2\nMaster Composter");
    await form.getByRole("button", { name: "Save gardener page" }).click();
    await expect(page.getByText("Gardener page saved")).toBeVisible();
    await expect(form.getByLabel("Handle")).toHaveValue(handle);
    const tip = await createTip({ title: "Mulch after rain" });

    await page.goto("/explore-gardeners");
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: me.name, exact: true }) });
    await expect(card).toContainText(`@${handle}`);
    await expect(card).toContainText("Total Shared Tips: 1");
    await expect(card).not.toContainText(me.email);
    await card.getByRole("link", { name: me.name, exact: true }).click();

    await expect(page).toHaveURL(`/gardeners/${handle}`);
    await expect(page.getByRole("heading", { level: 1, name: me.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "https://example.com/notes" })).toHaveAttribute(
      "rel",
      "nofollow ugc noopener",
    );
    await expect(page.getByText("<b>bold?</b>", { exact: false })).toBeVisible();
    await expect(page.getByText("RHS Level 2, Master Composter")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit profile" })).toBeVisible();
    const tipCard = page.getByRole("article").filter({ hasText: tip.title });
    await expect(tipCard).toBeVisible();
    // The tip's own page names its author with a link back.
    await tipCard.getByRole("link", { name: /See More/ }).click();
    await page.getByRole("link", { name: me.name, exact: true }).click();
    await expect(page).toHaveURL(`/gardeners/${handle}`);

    // A visitor: the same page, without the e-mail and without anything to edit.
    const visitor = await browser.newContext();
    const anyone = await visitor.newPage();
    await anyone.goto(`/gardeners/${handle.toUpperCase()}`);
    await expect(anyone.getByRole("heading", { level: 1, name: me.name })).toBeVisible();
    await expect(anyone.getByRole("article").filter({ hasText: tip.title })).toBeVisible();
    await expect(anyone.locator("body")).not.toContainText(me.email);
    await expect(anyone.getByRole("link", { name: "Edit profile" })).toHaveCount(0);
    await visitor.close();
  });

  // Each theme once and each width once (ADR 092): colours do not change with the width, nor layout with the theme.
  for (const [theme, width] of [
    ["light", 1280],
    ["dark", 390],
  ] as const)
    test(`a gardener page and the profile settings at ${width} px in the ${theme} theme: no overflow, no axe violations`, async ({
      page,
      login,
      createTip,
      searchWord,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await login({ ...newAccount(), name: `Bb ${searchWord}` });
      await createTip();
      const handle = `bb_${searchWord}`.slice(0, 25);
      const saved = await page.request.patch("/api/profile", {
        data: {
          bio: "Allotment plot 14. https://example.com/plot",
          location: "Cork",
          experiences: "7 years",
        },
        headers: { Origin: E2E.baseURL },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await gotoWithTheme(page, `/gardeners/${handle}`, theme);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: "https://example.com/plot" })).toBeVisible();
      await expect(page.getByText("1 tip", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `gardener page (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`gardener-${theme}-${width}.png`), { fullPage: true });

      await page.goto("/profile");
      await expect(page.getByRole("form", { name: "Your gardener page" }).getByLabel("Handle")).toHaveValue(
        handle,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `profile settings (${theme}, ${width})`);
    });
});
