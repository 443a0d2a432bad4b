import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { decodeMessage } from "../../src/server/test/smtp-capture.ts";
import { mailDir } from "./env.ts";

/** The newest link matching `pattern` in a mail to `email`, from the SMTP capture of the test server. */
export async function findLink(email: string, pattern: RegExp): Promise<string | null> {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse()) {
    const raw = readFileSync(path.join(mailDir, file));
    if (!raw.toString("utf8").includes(email)) continue;
    const link = (await decodeMessage(raw)).text.match(pattern)?.[0];
    if (link) return link;
  }
  return null;
}

export const findVerificationLink = (email: string) =>
  findLink(email, /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/);

/**
 * Verifies the e-mail of the account `page` is signed in as, as its owner would: follows the link of the
 * mail sign-up sent (waiting for it to arrive), which leads to the profile showing it verified.
 */
export async function verifyEmail(page: Page, email: string) {
  await expect.poll(() => findVerificationLink(email), { timeout: 10_000 }).not.toBeNull();
  await page.goto((await findVerificationLink(email)) ?? "");
  await expect(page.getByTestId("email-status")).toHaveText("Verified");
}
