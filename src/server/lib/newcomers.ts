import { findLinks } from "#shared/links.ts";
import { HttpError } from "./errors.ts";

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

/**
 * Refuses (422, with the rule and when it lifts) a tip or comment holding more links than a newcomer may
 * post: from an account younger than a day, or a tip from one whose e-mail is not verified. The account's
 * age is asked for only when the text holds more links than that.
 */
export async function checkNewcomerLinks(
  what: "tip" | "comment",
  texts: string[],
  account: { emailVerified: boolean; createdAt: () => Promise<Date | undefined> },
): Promise<void> {
  const links = texts.reduce((sum, text) => sum + findLinks(text).length, 0);
  if (links <= NEWCOMER_LINKS) return;
  const unverifiedTip = what === "tip" && !account.emailVerified;
  const createdAt = await account.createdAt();
  const young = isNewAccount(createdAt);
  if (!young && !unverifiedTip) return;
  const most = `may hold at most ${NEWCOMER_LINKS} links`;
  if (unverifiedTip)
    throw new HttpError(
      422,
      young && createdAt
        ? `A tip ${most} until your e-mail address is verified and your account is a day old (in ${hoursLeft(createdAt)})`
        : `A tip ${most} until your e-mail address is verified: use the link we sent you`,
    );
  throw new HttpError(
    422,
    `A ${what} from an account younger than a day ${most}; more are allowed in ${createdAt ? hoursLeft(createdAt) : "a day"}`,
  );
}
