import { randomUUID } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  test as base,
  type Cookie,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import axe from "axe-core";
import type { Tip, TipInput } from "../src/shared/schemas/tip.ts";
import { E2E } from "./support/env.ts";
import { findVerificationLink, verifyEmail } from "./support/mail.ts";

export type Theme = "light" | "dark";

/** An account as the sign-up API takes it. */
type Account = ReturnType<typeof newAccount>;

/** What a test made through `login` and `createTip`, removed after it (see `ownData` below). */
interface OwnData {
  /** By e-mail: each account and the session cookies its sign-up answered with. */
  accounts: Map<string, { account: Account; cookies: Cookie[] }>;
  /** Each tip `createTip` shared, with its author's e-mail. */
  tips: Array<{ id: string; email: string }>;
}

interface Fixtures {
  /** Console errors the test expects (e.g. a request it makes fail on purpose); any other fails it. */
  allowConsoleErrors: RegExp[];
  /**
   * A word no other test uses (lowercase letters and digits). Every tip `createTip` shares carries it in
   * its title, so `/browse-tips?q=<searchWord>` lists exactly this test's public tips.
   */
  searchWord: string;
  /**
   * Creates a fresh account through the API and leaves the page's browser context signed in as it (as
   * Epic Stack's `login()` does); returns the account. Call it again to switch to another new account.
   * After the test every tip of every account it made is deleted, whether shared by `createTip` or
   * through the app's own forms.
   */
  login: (account?: Account) => Promise<Account>;
  /**
   * Shares a tip through the API as the account the page is signed in as, which must be one `login`
   * made. Defaults: an Easy, Public "Vegetables" tip with a picture. The title always carries
   * `searchWord` (appended when `overrides.title` lacks it). The tip is deleted after the test; a test
   * may delete it first. Before an account's third public tip, which waits for a confirmed e-mail, it
   * follows the account's verification link from the mail, as its owner would.
   */
  createTip: (overrides?: Partial<TipInput>) => Promise<Tip>;
  /** Internal: the accounts and tips this test made, removed after it (after the console check). */
  ownData: OwnData;
}

/** A word no other test (in this run or another) will put in a title, name or plant type. */
export function uniqueWord() {
  return `w${randomUUID().replaceAll("-", "").slice(0, 10)}`;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],

  ownData: async ({ playwright }, use) => {
    const data: OwnData = { accounts: new Map(), tips: [] };
    await use(data);
    for (const [email, { account, cookies }] of data.accounts) {
      const api = await playwright.request.newContext({
        baseURL: E2E.baseURL,
        storageState: { cookies, origins: [] },
        extraHTTPHeaders: { Origin: E2E.baseURL },
      });
      try {
        const made = data.tips.filter((tip) => tip.email === email).map((tip) => tip.id);
        let owned = await listOwnTipIds(api, email);
        if (owned === null) {
          // The test signed out (which ends the session) or changed the password: sign in again.
          const signIn = await api.post("/api/auth/sign-in/email", {
            data: { email: account.email, password: account.password },
          });
          if (!signIn.ok()) {
            if (made.length === 0) continue;
            throw new Error(`Cannot sign in as ${email} to delete the tips createTip shared`);
          }
          owned = (await listOwnTipIds(api, email)) ?? [];
        }
        for (const id of new Set([...made, ...owned])) {
          const response = await api.delete(`/api/tips/${id}`);
          // 404: the test deleted it itself.
          expect([204, 404], `deleting tip ${id} after the test`).toContain(response.status());
        }
      } finally {
        await api.dispose();
      }
    }
  },

  // Depends on ownData so that it is torn down first: the console check runs before the clean-up.
  page: async ({ page, javaScriptEnabled, allowConsoleErrors, ownData: _ownData }, use) => {
    // A page of the app is ready once its script has taken over: pages the server renders show their
    // content (a member's tips too) before that, with their buttons disabled and both a table and cards in
    // the HTML. Tests act on the page as it then is; what shows before the script is first-load.spec.ts's.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isPage = response?.headers()["content-type"]?.startsWith("text/html") ?? false;
      if (javaScriptEnabled !== false && isPage && options?.waitUntil !== "commit")
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      // An unknown address answers the app with HTTP 404 on purpose, not 200; the browser reports the
      // document's status as a failed load. Any other 404 (an image, a script, a call) still fails.
      const documentNotFound =
        /status of 404/.test(text) && message.location().url.split("#")[0] === page.url().split("#")[0];
      if (documentNotFound) return;
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(errors, "console errors during the test").toEqual([]);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  searchWord: async ({}, use) => {
    await use(uniqueWord());
  },

  login: async ({ page, ownData }, use) => {
    await use(async (account = newAccount()) => {
      await signUpAs(page, account);
      const cookies = await page.context().cookies(E2E.baseURL);
      ownData.accounts.set(account.email.toLowerCase(), { account, cookies });
      return account;
    });
  },

  createTip: async ({ page, ownData, searchWord }, use) => {
    let count = 0;
    /** Public tips shared per account (by e-mail), as far as this test knows. */
    const publicTips = new Map<string, number>();
    /** Each account's confirmation, once begun: tips sent meanwhile wait for it. */
    const confirmations = new Map<string, Promise<void>>();
    await use(async (overrides = {}) => {
      count += 1;
      const given = overrides.title ?? `Tip ${count}`;
      const title = given.includes(searchWord) ? given : `${given} ${searchWord}`;
      if ((overrides.availability ?? "Public") === "Public") {
        const session = await page.request.get("/api/auth/get-session");
        const email = ((await session.json()) as { user?: { email?: string } } | null)?.user?.email ?? "";
        const shared = (publicTips.get(email) ?? 0) + 1;
        publicTips.set(email, shared);
        if (shared > 2) {
          const confirming = confirmations.get(email) ?? confirmEmailByLink(page, email);
          confirmations.set(email, confirming);
          await confirming;
        }
      }
      const response = await page.request.post("/api/tips", {
        data: {
          plantType: "Pea",
          difficulty: "Easy",
          description: "Sow peas early in spring in cool soil.",
          images: `${E2E.baseURL}/images/tips/seedling-trays.svg`,
          category: "Vegetables",
          availability: "Public",
          ...overrides,
          title,
        },
        headers: { Origin: E2E.baseURL },
      });
      expect(response.status(), `createTip: ${await response.text()}`).toBe(201);
      const tip = (await response.json()) as Tip;
      // The author is answered their own tip with its e-mail.
      const email = (tip.email ?? "").toLowerCase();
      ownData.tips.push({ id: tip._id, email });
      if (!ownData.accounts.has(email))
        throw new Error(`createTip: the page is signed in as ${email}, which login() did not make`);
      return tip;
    });
  },
});

/**
 * Follows the account's verification link from its mail in the page's browser context (signed in as it),
 * as its owner would; the e-mail is verified after.
 */
async function confirmEmailByLink(page: Page, email: string) {
  await expect.poll(() => findVerificationLink(email), { timeout: 10_000 }).not.toBeNull();
  const link = (await findVerificationLink(email)) ?? "";
  const visit = await page.request.get(link, { maxRedirects: 0 });
  expect(visit.status(), `following ${email}'s verification link`).toBe(302);
  expect(visit.headers().location ?? "").not.toMatch(/error=/);
}

/** The ids of all tips of the account `api` is signed in as; null when it is signed in no more. */
async function listOwnTipIds(api: APIRequestContext, email: string): Promise<string[] | null> {
  const ids: string[] = [];
  for (;;) {
    const response = await api.get("/api/tips", {
      params: { email, limit: 100, offset: ids.length },
    });
    // Signed out, the server answers 403 ("Sign in to list your own tips").
    if (response.status() === 401 || response.status() === 403) return null;
    expect(response.status(), `listing ${email}'s tips: ${await response.text()}`).toBe(200);
    const page = (await response.json()) as Tip[];
    ids.push(...page.map((tip) => tip._id));
    if (page.length < 100) return ids;
  }
}

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
  // axe-core itself, put into the page once per document: its Playwright wrapper injected it anew on each
  // call and finished every run in a second, blank page, which made a scan 2-3 times as long here
  // (ADR 085). The pages have no frames, which is all the wrapper adds.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((results) =>
          results.violations.map((v) => ({
            id: v.id,
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(" ")),
          })),
        ),
    ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"],
  );
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`);
  expect(summary, `axe violations${label ? ` on ${label}` : ""}`).toEqual([]);
}

/**
 * A picture of what a test checked, for a person to look at: taken only with E2E_SCREENSHOTS=1 (a
 * full-page one costs a second or more here, and a CI run keeps no files). No test's outcome reads it.
 */
export async function keepScreenshot(target: Page | Locator, path: string, { fullPage = false } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
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

/**
 * A second member in a browser of their own: signed up, and with their e-mail verified through its link
 * when `verified`. The test closes `context`.
 */
export async function anotherMember(
  browser: Browser,
  prefix: string,
  { verified = false, account = newAccount(prefix) } = {},
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: account,
    headers: { Origin: E2E.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (verified) await verifyEmail(page, account.email);
  return { context, page, account };
}

/**
 * The administrator ADMIN_EMAILS names by `key` (one per test, so tests running at once never share
 * one), signed up and verified as a person is, in a browser of their own: returned once their session
 * says administrator, which the role keeper makes them right after the verification. The test closes
 * `context`.
 */
export async function administrator(browser: Browser, key: string) {
  const email = `admin.${key}@garden.test`;
  expect(E2E.administrators).toContain(email);
  const admin = await anotherMember(browser, "admin", {
    verified: true,
    account: { ...newAccount("admin"), email },
  });
  await expect
    .poll(async () => (await (await admin.page.request.get("/api/auth/get-session")).json())?.user?.role)
    .toBe("administrator");
  return admin;
}

/**
 * Creates an account through the API and leaves the page's browser context signed in as it. Tests call
 * the `login` fixture, which does this and removes the account's tips after the test.
 */
async function signUpAs(page: Page, account = newAccount()) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: account,
    headers: { Origin: E2E.baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** Sums every layout shift from the start of each page the browser opens (none follows an input). */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { __cls: number; __clsObserver: PerformanceObserver };
    record.__cls = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) record.__cls += entry.value;
    };
    record.__clsObserver = new PerformanceObserver((list) => add(list.getEntries()));
    record.__clsObserver.observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shift summed since the page opened, once its requests are done and laid out. */
export async function layoutShift(page: Page) {
  await page.waitForLoadState("networkidle");
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // Two frames: whatever the last answer changed has been laid out and reported.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const record = window as unknown as { __cls: number; __clsObserver: PerformanceObserver };
            for (const entry of record.__clsObserver.takeRecords() as Array<
              PerformanceEntry & { value: number; hadRecentInput: boolean }
            >)
              if (!entry.hadRecentInput) record.__cls += entry.value;
            resolve(record.__cls);
          }),
        );
      }),
  );
}

/**
 * A phone on a slow network, as the user walks have it: 150 ms latency, 1.6 Mbit/s down, and `upKbps`
 * up (1.6 Mbit/s unless a test needs an upload to take a while).
 */
export async function throttleLikeAPhone(page: Page, { upKbps = 1600 }: { upKbps?: number } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: (upKbps * 1000) / 8,
  });
}
