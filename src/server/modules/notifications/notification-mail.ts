import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { quietUntil, timeOf } from "#shared/quiet-hours.ts";
import { isTimeZone } from "#shared/seasons.ts";
import type { Db } from "../../db/client.ts";
import { comments, memberPresence, memberSettings, notifications, tips, users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { runEvery } from "../../lib/periodic.ts";
import { keepMail } from "../../mail/mail-queue.ts";
import { notificationEmail } from "../../mail/notification-templates.ts";
import { excerptOf } from "./excerpt.ts";
import { MAIL_STREAMS, type MailStream, unsubscribeToken } from "./unsubscribe.ts";

/** A notification is e-mailed only when still unread this long after it came, and the member was away. */
export const AWAY_MS = 10 * 60_000;
/** One that waited longer than this (a server down for a day) is not e-mailed any more. */
const STALE_MS = 24 * 60 * 60_000;
/** The most notification e-mails a member gets in a day. */
export const DAILY_MAILS = 20;
/** How many notifications one run decides. */
const BATCH = 100;
/** How much of a comment an e-mail quotes. */
const MAIL_EXCERPT_LENGTH = 280;

/** The kinds that may be e-mailed, each in its stream; likes and follows never are. */
const STREAM_OF = { comment: "replies", reply: "replies", mention: "mentions" } as const satisfies Record<
  string,
  MailStream
>;
type MailedKind = keyof typeof STREAM_OF;
const MAILED_KINDS = Object.keys(STREAM_OF) as MailedKind[];

/** A due notification with its member, as the decision needs them. */
const DUE_COLUMNS = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  tipId: notifications.tipId,
  commentId: notifications.commentId,
  actorId: sql<string | null>`${notifications.actorIds}[1]`,
  fromNewcomer: notifications.fromNewcomer,
  to: {
    email: users.email,
    name: users.name,
    verified: users.emailVerified,
    suspendedUntil: users.suspendedUntil,
    seenAt: memberPresence.seenAt,
    emailReplies: memberSettings.emailReplies,
    emailMentions: memberSettings.emailMentions,
    timeZone: memberSettings.timeZone,
    quietFrom: memberSettings.quietFrom,
    quietTo: memberSettings.quietTo,
  },
};

/**
 * The notifications whose e-mail is due, oldest first, each with its member as the decision needs them;
 * locked (only the notifications) until the transaction ends, and skipped by another server's run.
 */
const claimDue = (tx: Pick<Db, "select">, now: Date) =>
  tx
    .select(DUE_COLUMNS)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(memberPresence, eq(memberPresence.userId, notifications.userId))
    .leftJoin(memberSettings, eq(memberSettings.userId, notifications.userId))
    .where(
      and(
        isNull(notifications.mailState),
        inArray(notifications.kind, MAILED_KINDS),
        lte(notifications.createdAt, new Date(now.getTime() - AWAY_MS)),
        or(isNull(notifications.mailAfter), lte(notifications.mailAfter, now)),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(BATCH)
    .for("update", { of: notifications, skipLocked: true });
type Due = Awaited<ReturnType<typeof claimDue>>[number];

/**
 * Why a notification is not e-mailed, whatever else was sent: the first rule that applies is kept on
 * the notification and counted at /metrics.
 */
const STANDING_RULES: Array<[Skip, (row: Due, now: Date) => boolean]> = [
  ["read", (row) => row.readAt !== null],
  // What an account under a week old, which the member does not follow, did is listed apart and never
  // e-mailed: a hundred free accounts mentioning one member would otherwise fill her inbox.
  ["from_newcomer", (row) => row.fromNewcomer],
  ["stale", (row, now) => row.createdAt.getTime() < now.getTime() - STALE_MS],
  ["present", (row) => row.to.seenAt !== null && row.to.seenAt >= row.createdAt],
  [
    "opted_out",
    (row) =>
      (STREAM_OF[row.kind as MailedKind] === "replies" ? row.to.emailReplies : row.to.emailMentions) ===
      false,
  ],
  ["unverified", (row) => !row.to.verified],
  ["suspended", (row, now) => row.to.suspendedUntil !== null && row.to.suspendedUntil > now],
];

/** What this run and the last day sent the member already. */
interface Sending {
  /** E-mails per member. */
  sentTo: Map<string, number>;
  /** `${userId} ${tipId}` of each tip a member was e-mailed about. */
  tipsMailed: Set<string>;
}

/** Why a notification is not e-mailed now, given what was sent: the pace of one member's e-mail. */
const PACING_RULES: Array<[Skip, (row: Due, sending: Sending) => boolean]> = [
  ["tip_mailed_today", (row, { tipsMailed }) => tipsMailed.has(`${row.userId} ${row.tipId}`)],
  ["daily_cap", (row, { sentTo }) => (sentTo.get(row.userId) ?? 0) >= DAILY_MAILS],
];

/** When the member's quiet hours end, if they are in them now. */
const quietEnd = ({ to }: Due, now: Date): Date | null =>
  to.quietFrom === null || to.quietTo === null
    ? null
    : quietUntil({ from: timeOf(to.quietFrom), to: timeOf(to.quietTo) }, zoneOf(to.timeZone), now);

/** Why a notification was not e-mailed: each is counted at /metrics and kept on the notification. */
type Skip =
  | "read"
  | "from_newcomer"
  | "stale"
  | "present"
  | "opted_out"
  | "unverified"
  | "suspended"
  | "daily_cap"
  | "tip_mailed_today"
  | "gone";

interface MailRun {
  db: Db;
  baseUrl: string;
  /** The site's secret, which signs the unsubscribe links. */
  secret: string;
  metrics?: Pick<Metrics, "notificationMail">;
  /** The time: the clock's, unless a test sets its own. */
  now?: Date;
}

/**
 * Decides the e-mail of each notification that came at least 10 minutes ago and is still undecided
 * (ADR 081): sent (kept in the outbox, which delivers it) when still unread, the member had no page of the
 * site open since it came, wants that stream, has a confirmed address, is not suspended, was not e-mailed
 * about that tip in the last day, and had fewer than 20 such e-mails in a day; else skipped, with the
 * reason. One that comes in the member's quiet hours waits until they end (ADR 083), then is decided anew. The rows are claimed (`for update skip locked`) and decided in one transaction: of two servers
 * running at once, each decides other rows, and none is ever e-mailed twice. Answers what it decided.
 */
export async function sendNotificationMails({
  db,
  baseUrl,
  secret,
  metrics,
  now = new Date(),
}: MailRun): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const due = await claimDue(tx, now);
    if (due.length === 0) return;

    // What each member was sent in the last day: the daily cap, and one e-mail a day about one tip.
    const mailedLately = await tx
      .select({ userId: notifications.userId, tipId: notifications.tipId })
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, [...new Set(due.map((row) => row.userId))]),
          eq(notifications.mailState, "sent"),
          gt(notifications.mailDecidedAt, new Date(now.getTime() - STALE_MS)),
        ),
      );
    const sentTo = new Map<string, number>();
    const tipsMailed = new Set<string>();
    for (const { userId, tipId } of mailedLately) {
      sentTo.set(userId, (sentTo.get(userId) ?? 0) + 1);
      tipsMailed.add(`${userId} ${tipId}`);
    }

    const decided: Array<{ id: string; result: "sent" | Skip }> = [];
    const toSend: Array<(typeof due)[number]> = [];
    const postponed: Array<{ id: string; until: Date }> = [];
    const sending = { sentTo, tipsMailed };
    for (const row of due) {
      const standing = STANDING_RULES.find(([, applies]) => applies(row, now))?.[0];
      if (standing) {
        decided.push({ id: row.id, result: standing });
        continue;
      }
      const until = quietEnd(row, now);
      if (until) {
        postponed.push({ id: row.id, until });
        continue;
      }
      const pacing = PACING_RULES.find(([, applies]) => applies(row, sending))?.[0];
      if (pacing) {
        decided.push({ id: row.id, result: pacing });
        continue;
      }
      sentTo.set(row.userId, (sentTo.get(row.userId) ?? 0) + 1);
      tipsMailed.add(`${row.userId} ${row.tipId}`);
      toSend.push(row);
    }

    // What the e-mails say: the tip, the comment and who wrote it. One gone meanwhile is not sent.
    const [tipRows, commentRows, actorRows] = await Promise.all([
      idsOf(toSend, "tipId").length
        ? tx
            .select({ id: tips.id, title: tips.title })
            .from(tips)
            .where(inArray(tips.id, idsOf(toSend, "tipId")))
        : [],
      idsOf(toSend, "commentId").length
        ? tx
            .select({ id: comments.id, body: comments.body })
            .from(comments)
            .where(inArray(comments.id, idsOf(toSend, "commentId")))
        : [],
      idsOf(toSend, "actorId").length
        ? tx
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, idsOf(toSend, "actorId")))
        : [],
    ]);
    const tipTitle = new Map(tipRows.map((t) => [t.id, t.title]));
    const commentBody = new Map(commentRows.map((c) => [c.id, c.body]));
    const actorName = new Map(actorRows.map((a) => [a.id, a.name]));
    for (const row of toSend) {
      const { to } = row;
      const title = row.tipId ? tipTitle.get(row.tipId) : undefined;
      const body = row.commentId ? commentBody.get(row.commentId) : undefined;
      if (title === undefined || body === undefined || !row.tipId || !row.commentId) {
        decided.push({ id: row.id, result: "gone" });
        continue;
      }
      const stream = STREAM_OF[row.kind as MailedKind];
      const unsubscribeUrl = `${baseUrl}/unsubscribe/${unsubscribeToken(secret, row.userId, stream)}`;
      const message = notificationEmail({
        to: to.email,
        name: to.name,
        stream: MAIL_STREAMS[stream].words,
        unsubscribeUrl,
        facts: {
          kind: row.kind as MailedKind,
          actorName: (row.actorId && actorName.get(row.actorId)) || "A gardener",
          tipTitle: title,
          excerpt: excerptOf(body, MAIL_EXCERPT_LENGTH),
          url: `${baseUrl}/tips/${row.tipId}#comment-${row.commentId}`,
        },
      });
      await keepMail(tx, {
        ...message,
        headers: {
          // One click (RFC 8058): a mail client POSTs to the https link, with no cookie and no page.
          "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${unsubscribeAddress(baseUrl)}?subject=unsubscribe%20${stream}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      decided.push({ id: row.id, result: "sent" });
    }

    const byResult = new Map<string, string[]>();
    for (const { id, result } of decided) byResult.set(result, [...(byResult.get(result) ?? []), id]);
    for (const [result, ids] of byResult) {
      await tx
        .update(notifications)
        .set({
          mailState: result === "sent" ? "sent" : "skipped",
          mailNote: result === "sent" ? null : result,
          mailDecidedAt: now,
        })
        .where(inArray(notifications.id, ids));
      tally[result] = ids.length;
    }
    // Held back until the member's quiet hours end, then decided again from the start.
    for (const { id, until } of postponed)
      await tx.update(notifications).set({ mailAfter: until }).where(eq(notifications.id, id));
    if (postponed.length > 0) tally.postponed = postponed.length;
  });
  for (const [result, count] of Object.entries(tally)) metrics?.notificationMail(result, count);
  return tally;
}

const idsOf = <K extends "tipId" | "commentId" | "actorId">(
  rows: Array<Record<K, string | null>>,
  key: K,
): string[] => [...new Set(rows.flatMap((row) => (row[key] ? [row[key] as string] : [])))];

/** The member's time zone, UTC when they have none the server knows. */
const zoneOf = (timeZone: string | null) => (timeZone && isTimeZone(timeZone) ? timeZone : "UTC");

/** The address unsubscribe mails go to: the site's own host. */
const unsubscribeAddress = (baseUrl: string) => `unsubscribe@${new URL(baseUrl).hostname}`;

/** Decides notification e-mails every minute on every instance; answers its stop. */
export function startNotificationMailSweep(run: Omit<MailRun, "now"> & { logger: Logger }): () => void {
  return runEvery({
    name: "The notification e-mail sweep",
    everyMs: 60_000,
    logger: run.logger,
    failureLevel: "warn",
    run: async () => {
      const decided = await sendNotificationMails(run);
      if (decided.sent) run.logger.info(`Kept ${decided.sent} notification e-mail(s) for the outbox`);
    },
  });
}
