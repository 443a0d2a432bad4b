import { expect, test } from "./fixtures.ts";

test("the theme starts light, toggles to dark, and stays dark after a reload", async ({ page }) => {
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  // The main layout's own background, measured once React has rendered it (the locator waits for it).
  const layout = page.locator("div:has(> main#main)");
  const background = () => layout.evaluate((element) => getComputedStyle(element).backgroundColor);
  const lightBackground = await background();

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  expect(await background()).not.toBe(lightBackground);

  // The saved theme is applied before the app runs, so the first paint is already dark.
  await page.reload({ waitUntil: "domcontentloaded" });
  expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBe("dark");
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
});

test("the served HTML already carries the default light theme", async ({ request }) => {
  const html = await (await request.get("/explore-gardeners")).text();
  expect(html).toMatch(/<html[^>]*data-theme="light"/);
  // The saved choice is applied by a script written into the page, before the first paint.
  expect(html).toMatch(/<script>[^<]*localStorage\.getItem\("theme"\)/);
});
