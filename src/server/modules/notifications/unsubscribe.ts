import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { MAIL_STREAM_NAMES } from "#shared/schemas/notification.ts";
import type { Db } from "../../db/client.ts";
import { memberSettings, users } from "../../db/schema.ts";
import { HttpError } from "../../lib/requests/errors.ts";

/**
 * The e-mails a member may leave, each in one click from any of them (ADR 081), and the setting each
 * turns off.
 */
export const MAIL_STREAMS = {
  replies: { column: "emailReplies", words: "comments on your tips and replies to your comments" },
  mentions: { column: "emailMentions", words: "comments that mention you" },
  summary: { column: "emailSummary", words: "“This week in your garden”, the summary of what you missed" },
} as const satisfies Record<(typeof MAIL_STREAM_NAMES)[number], { column: string; words: string }>;
export type MailStream = keyof typeof MAIL_STREAMS;

const UNSUBSCRIBE_LINK_GONE = "This unsubscribe link is not one we sent: use the one in the e-mail";

/** The key unsubscribe links are signed with, derived from the site's secret. */
const keyOf = (secret: string) => createHmac("sha256", secret).update("unsubscribe links").digest();

const sign = (secret: string, payload: string) =>
  createHmac("sha256", keyOf(secret)).update(payload).digest("base64url").slice(0, 32);

/**
 * The token of a member's link out of one stream: who and which, signed. It needs no table and no
 * session, and works as long as the site's secret does.
 */
export function unsubscribeToken(secret: string, userId: string, stream: MailStream): string {
  // "~" apart, never ".": the address is a page's, and one ending in ".xyz" would read as a file's.
  const payload = `${Buffer.from(userId).toString("base64url")}~${stream}`;
  return `${payload}~${sign(secret, payload)}`;
}

/** Whom and which stream `token` names; 404 for a token this site did not sign. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; stream: MailStream } {
  const [who = "", stream = "", signature = ""] = token.split("~");
  const expected = Buffer.from(sign(secret, `${who}~${stream}`));
  const given = Buffer.from(signature);
  if (
    !(stream in MAIL_STREAMS) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected) ||
    who.length === 0
  )
    throw new HttpError(404, UNSUBSCRIBE_LINK_GONE);
  return { userId: Buffer.from(who, "base64url").toString(), stream: stream as MailStream };
}

/** Whether the member still gets the stream's e-mails. */
export async function isSubscribed(db: Db, userId: string, stream: MailStream): Promise<boolean> {
  const [row] = await db
    .select({ on: memberSettings[MAIL_STREAMS[stream].column] })
    .from(memberSettings)
    .where(eq(memberSettings.userId, userId));
  return row?.on ?? true;
}

/** Turns the stream off for the member; again is the same. A member since deleted is a 404. */
export async function unsubscribe(db: Db, userId: string, stream: MailStream): Promise<void> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) throw new HttpError(404, UNSUBSCRIBE_LINK_GONE);
  const off = { [MAIL_STREAMS[stream].column]: false };
  await db
    .insert(memberSettings)
    .values({ userId, ...off })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { ...off, updatedAt: sql`now()` } });
}
