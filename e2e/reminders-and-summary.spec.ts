import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { request as apiRequest, type Page } from "@playwright/test";
import { runClockedJob } from "../src/server/ops/test-clock.ts";
import { decodeMessage } from "../src/server/test/smtp-capture.ts";
import { expect, expectNoA11yViolations, gotoWithTheme, keepScreenshot, test } from "./fixtures.ts";
import { dataDir, E2E, mailDir } from "./support/env.ts";
import { AWAY, awaySummaryAt } from "./support/established.ts";

const headers = { Origin: E2E.baseURL };
const MINUTE = 60_000;

/** Runs a scheduled job for one member as at `at`, on the test server's clock (ADR 086). */
const runAt = (job: "reminders" | "summaries" | "mail", at: Date, email: string) =>
  runClockedJob(dataDir, { job, at: at.toISOString(), email });

/** The bell in the page's header, whatever it counts. */
const bellOf = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

/** The raw text of the newest captured mail to `email` whose subject matches, or null. */
function newestMail(email: string, subject: RegExp): string | null {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).sort().reverse();
  } catch {
    return null;
  }
  for (const file of files) {
    const raw = readFileSync(path.join(mailDir, file), "utf8");
    // Headers folded over several lines read as one.
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    if (head.includes(`To: ${email}`) && subject.test(head.match(/^Subject: (.*)$/m)?.[1] ?? "")) return raw;
  }
  return null;
}

/** One header of a raw mail, unfolded. */
const headerOf = (raw: string, name: string) =>
  raw
    .slice(0, raw.search(/\r?\n\r?\n/))
    .replace(/\r?\n[ \t]+/g, " ")
    .match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1];

test.describe("a garden that calls you back", () => {
  for (const [n, [theme, width]] of (
    [
      ["light", 1280],
      ["dark", 390],
    ] as const
  ).entries())
    test(`a bookmark's reminder comes back on its day, and the weekly summary stops in one click (${theme}, ${width} px)`, async ({
      page,
      browser,
      login,
    }, testInfo) => {
      const away = AWAY[n];
      if (!away) throw new Error(`no away member for run ${n}`);
      const [reminded, ...liked] = away.tipIds;
      await page.setViewportSize({ width, height: 900 });
      const me = await login();

      // Saved for tomorrow morning, as the dialog offers it.
      await gotoWithTheme(page, `/tips/${reminded}`, theme);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Save this tip" });
      await dialog.getByRole("radio", { name: /^Tomorrow · / }).check();
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Saved to your bookmarks")).toBeVisible();
      const saved = (await (await page.request.get("/api/bookmarks")).json()) as Array<{
        tipId: string;
        remindAt: string | null;
      }>;
      const remindAt = new Date(saved.find((b) => b.tipId === reminded)?.remindAt ?? "");
      expect(remindAt.getTime(), "the bookmark's reminder").toBeGreaterThan(Date.now());

      // A minute before its day nothing comes; on it, the bell counts it where the member is.
      await expect(bellOf(page)).toHaveAccessibleName("Notifications");
      expect(await runAt("reminders", new Date(remindAt.getTime() - MINUTE), me.email)).toBe(0);
      expect(await runAt("reminders", new Date(remindAt.getTime() + MINUTE), me.email)).toBe(1);
      await expect(bellOf(page)).toHaveAccessibleName("Notifications (1 unread)");
      // Once only: the next run finds it sent.
      expect(await runAt("reminders", new Date(remindAt.getTime() + 2 * MINUTE), me.email)).toBe(0);
      await bellOf(page).click();
      await expect(page).toHaveURL("/notifications");
      const reminder = page.getByRole("link", { name: new RegExp(`^Unread: .*${away.name}'s tip 1`) });
      await expect(reminder).toContainText(/remind/i);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoA11yViolations(page, `a reminder (${theme}, ${width})`);
      await keepScreenshot(page, testInfo.outputPath(`reminder-${theme}-${width}.png`));
      await reminder.click();
      await expect(page).toHaveURL(`/tips/${reminded}`);
      await expect(bellOf(page)).toHaveAccessibleName("Notifications");

      // The member away since they joined: their neighbour of as long likes three of their tips this week
      // (a newcomer's likes would not count), so their summary on its slot has three items of their own
      // and goes out, through the outbox.
      const neighbour = await apiRequest.newContext({
        baseURL: E2E.baseURL,
        extraHTTPHeaders: { ...headers, "X-Forwarded-For": `203.0.113.${60 + n}` },
      });
      const signedIn = await neighbour.post("/api/auth/sign-in/email", {
        data: { email: away.neighbour.email, password: away.neighbour.password },
      });
      expect(signedIn.status(), await signedIn.text()).toBe(200);
      for (const tipId of liked.concat(reminded ?? []))
        expect((await neighbour.post(`/api/tips/${tipId}/like`)).status()).toBe(200);
      await neighbour.dispose();
      const slot = awaySummaryAt(dataDir);
      expect(await runAt("summaries", slot, away.email)).toEqual({ sent: 1 });
      await runAt("mail", slot, away.email);
      await expect.poll(() => newestMail(away.email, /week in your garden/i)).not.toBeNull();
      const raw = newestMail(away.email, /week in your garden/i) ?? "";
      const mail = await decodeMessage(raw);
      expect(mail.text).toContain(`${away.name}'s tip 1`);
      expect(mail.html).toContain(`/tips/${reminded}`);
      // RFC 8058: both headers, an https-or-http link and a mailto.
      expect(headerOf(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const link = headerOf(raw, "List-Unsubscribe")?.match(/<(https?:[^>]+)>/)?.[1] ?? "";
      expect(headerOf(raw, "List-Unsubscribe")).toMatch(/<mailto:[^>]+>/);
      expect(link).toContain("/unsubscribe/");

      // Followed from the mail, signed out: asked first, then stopped with one click.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const outside = await context.newPage();
      await gotoWithTheme(outside, new URL(link).pathname, theme);
      await expect(outside.getByText(/weekly summary|this week in your garden/i).first()).toBeVisible();
      await expectNoA11yViolations(outside, `the summary's unsubscribe page (${theme}, ${width})`);
      await outside.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(outside.getByRole("status")).toContainText("You are unsubscribed");
      await keepScreenshot(outside, testInfo.outputPath(`summary-unsubscribed-${theme}-${width}.png`));
      await context.close();

      // A mail app's one-click POST, no cookie: 200 again, and the member's setting is off.
      const mailApp = await apiRequest.newContext();
      expect((await mailApp.post(link, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(200);
      await mailApp.dispose();
      const owner = await apiRequest.newContext({
        baseURL: E2E.baseURL,
        extraHTTPHeaders: { ...headers, "X-Forwarded-For": `203.0.113.${70 + n}` },
      });
      const signIn = await owner.post("/api/auth/sign-in/email", {
        data: { email: away.email, password: away.password },
      });
      expect(signIn.status(), await signIn.text()).toBe(200);
      expect((await (await owner.get("/api/settings")).json()).emailSummary).toBe(false);
      await owner.dispose();
    });
});
