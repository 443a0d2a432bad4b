import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E } from "./support/env.ts";

export type Theme = "light" | "dark";

interface Fixtures {
  /** Console errors the test expects (e.g. a request it makes fail on purpose); any other fails it. */
  allowConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(errors, "console errors during the test").toEqual([]);
  },
});

export { expect };

/** Runs axe with the WCAG 2.1 A and AA rules and expects no violation. */
export async function expectNoA11yViolations(page: Page, label?: string) {
  // Colours measured mid-transition (a dialog fading in) are not the page's colours: let the running,
  // finite animations and transitions end first (at most 2 s). Endless ones (a blinking cursor, a
  // spinner) are left running.
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === "running" &&
          animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
      )
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe violations${label ? ` on ${label}` : ""}`).toEqual([]);
}

/** Opens a page with the given theme already saved, as a returning visitor would have it. */
export async function gotoWithTheme(page: Page, url: string, theme: Theme) {
  await page.addInitScript((saved) => window.localStorage.setItem("theme", saved), theme);
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

let accountCounter = 0;
/** A unique, valid account for one test. */
export function newAccount(prefix = "gardener") {
  accountCounter += 1;
  const id = `${Date.now().toString(36)}${accountCounter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Test ${prefix} ${id}`,
    email: `${prefix}.${id}@example.com`,
    password: "Sunflower7",
    image: `${E2E.baseURL}/images/gardeners/maya-okafor.svg`,
  };
}

/** Creates an account through the API and leaves the page's browser context signed in as it. */
export async function signUpAs(page: Page, account = newAccount()) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: account,
    headers: { Origin: E2E.baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}
