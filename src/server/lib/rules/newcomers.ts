import { findLinks } from "#shared/links.ts";
import { HttpError } from "../requests/errors.ts";

/**
 * The brakes on accounts that cost nothing to make (docs/product.md, "Brakes for newcomers"): what an
 * account younger than a day, or one whose e-mail is not verified, may post. The limiter's stricter
 * windows for new accounts (rate-limit.ts) use the same age.
 */

/** An account younger than this is new. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60_000;
/** The most links a new or unverified account may put in one tip or comment: links are what spam is for. */
const NEWCOMER_LINKS = 2;

/** Whether an account made at `createdAt` is new now (an account with no known age counts as new). */
export const isNewAccount = (createdAt: Date | undefined): boolean =>
  createdAt === undefined || Date.now() - createdAt.getTime() < NEW_ACCOUNT_MS;

const hoursLeft = (createdAt: Date) => {
  const hours = Math.max(1, Math.ceil((NEW_ACCOUNT_MS - (Date.now() - createdAt.getTime())) / 3_600_000));
  return hours === 1 ? "1 hour" : `${hours} hours`;
};

/** What a newcomer writes that links are counted in, as the messages name it. */
const WRITINGS = { tip: "A tip", comment: "A comment", page: "A gardener page" };

/** Whether links in it wait for a verified e-mail too: what stays up for everyone, not one thread's reply. */
const WAITS_FOR_VERIFIED = { tip: true, comment: false, page: true };

/**
 * Refuses (422, with the rule and when it lifts) a tip, comment or gardener page holding more links than a
 * newcomer may post: from an account younger than a day, or a tip or page from one whose e-mail is not
 * verified. The account's age is asked for only when the text holds more links than that.
 */
export async function checkNewcomerLinks(
  what: keyof typeof WRITINGS,
  texts: string[],
  account: { emailVerified: boolean; createdAt: () => Promise<Date | undefined> },
): Promise<void> {
  const links = texts.reduce((sum, text) => sum + findLinks(text).length, 0);
  if (links <= NEWCOMER_LINKS) return;
  const unverified = WAITS_FOR_VERIFIED[what] && !account.emailVerified;
  const createdAt = await account.createdAt();
  const young = isNewAccount(createdAt);
  if (!young && !unverified) return;
  const most = `${WRITINGS[what]} may hold at most ${NEWCOMER_LINKS} links`;
  if (unverified)
    throw new HttpError(
      422,
      young && createdAt
        ? `${most} until your e-mail address is verified and your account is a day old (in ${hoursLeft(createdAt)})`
        : `${most} until your e-mail address is verified: use the link we sent you`,
    );
  throw new HttpError(
    422,
    `${WRITINGS[what]} from an account younger than a day may hold at most ${NEWCOMER_LINKS} links; more are allowed in ${createdAt ? hoursLeft(createdAt) : "a day"}`,
  );
}
