import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { APPEAL_DAYS, OVERDUE_REPORT_HOURS, type ReportTarget } from "#shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { moderationCases, moderationNotices, reports, users } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { keepMail, MailQueue } from "../../mail/mail-queue.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { decisionEmail, outcomeEmail, overdueEmail } from "../../mail/moderation-templates.ts";
import type { CaseRow } from "./case-row.ts";
import type { Tx } from "./holds.ts";
import { type ItemView, itemKey, itemsOf } from "./queue.ts";

const DAY_MS = 24 * 60 * 60_000;
/** A delivery that claimed a notice and neither sent it nor gave it back within this is taken over. */
const CLAIM_LAPSES_MS = 5 * 60_000;

type NoticeRow = typeof moderationNotices.$inferSelect;

/** Until when a decided case may be appealed; null when it may not be: a dismissal, or an appeal's decision. */
export function appealableUntil(
  decided: Pick<CaseRow, "appealOf" | "decision" | "decidedAt" | "undoneAt">,
): Date | null {
  if (
    decided.appealOf !== null ||
    !decided.decision ||
    decided.decision === "dismiss" ||
    !decided.decidedAt ||
    decided.undoneAt !== null
  )
    return null;
  return new Date(decided.decidedAt.getTime() + APPEAL_DAYS * DAY_MS);
}

/**
 * In the decision's transaction: a notice for the item's author and one for each member who reported it
 * (their reports just closed), to show in the site and to e-mail after the transaction commits.
 */
export async function recordNotices(tx: Tx, decided: CaseRow, reporterIds: readonly string[]): Promise<void> {
  const reporters = [...new Set(reporterIds)].filter((id) => id !== decided.authorId);
  await tx
    .insert(moderationNotices)
    .values([
      { userId: decided.authorId, caseId: decided.id, kind: "decision" as const },
      ...reporters.map((userId) => ({ userId, caseId: decided.id, kind: "outcome" as const })),
    ]);
}

/** A decision about a member's item as they read it: the decision, the item, and their appeal. */
export interface NoticeView {
  id: string;
  createdAt: Date;
  seenAt: Date | null;
  decided: CaseRow;
  item: ItemView & { type: ReportTarget };
  /** The author's appeal of it, with the case that decides it. */
  appeal: CaseRow | null;
  /** The author's suspension's end while it lasts ('infinity' reads as an invalid date). */
  suspendedUntil: Date | null;
}

async function viewsOf(db: Db, rows: NoticeRow[]): Promise<NoticeView[]> {
  if (rows.length === 0) return [];
  const caseIds = rows.map((row) => row.caseId);
  const [decided, appeals] = await Promise.all([
    db.select().from(moderationCases).where(inArray(moderationCases.id, caseIds)),
    db.select().from(moderationCases).where(inArray(moderationCases.appealOf, caseIds)),
  ]);
  const [account] = await db
    .select({ suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, rows[0]?.userId ?? ""));
  const items = await itemsOf(
    db,
    decided.map((c) => ({ type: c.targetType, id: c.targetId })),
  );
  return rows.flatMap((row) => {
    const found = decided.find((c) => c.id === row.caseId);
    const item = found && items.get(itemKey(found.targetType, found.targetId));
    if (!found || !item) return [];
    return [
      {
        id: row.id,
        createdAt: row.createdAt,
        seenAt: row.seenAt,
        decided: found,
        item: { type: found.targetType, ...item },
        appeal: appeals.find((c) => c.appealOf === found.id) ?? null,
        suspendedUntil: account?.suspendedUntil ?? null,
      },
    ];
  });
}

/** The decisions about what the member posted, newest first. */
export async function listNotices(db: Db, userId: string, { limit }: { limit: number }) {
  const rows = await db
    .select()
    .from(moderationNotices)
    .where(and(eq(moderationNotices.userId, userId), eq(moderationNotices.kind, "decision")))
    .orderBy(desc(moderationNotices.createdAt), desc(moderationNotices.id))
    .limit(limit);
  return viewsOf(db, rows);
}

export const NO_NOTICE = "You have no such notice";
export const LINK_GONE =
  "This link no longer works: use the one in the newest e-mail about this decision, or sign in";

/** Marks the member's notice seen; 404 when they have no such notice. */
export async function markNoticeSeen(db: Db, userId: string, noticeId: string): Promise<void> {
  const found = await db
    .update(moderationNotices)
    .set({ seenAt: sql`coalesce(${moderationNotices.seenAt}, now())` })
    .where(
      and(
        eq(moderationNotices.id, noticeId),
        eq(moderationNotices.userId, userId),
        eq(moderationNotices.kind, "decision"),
      ),
    )
    .returning({ id: moderationNotices.id });
  if (found.length === 0) throw new HttpError(404, NO_NOTICE);
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The notice an e-mail's appeal token names, marked seen; 404 for a token no notice has (any more). */
export async function noticeByToken(db: Db, token: string): Promise<NoticeView> {
  const [row] = await db
    .update(moderationNotices)
    .set({ seenAt: sql`coalesce(${moderationNotices.seenAt}, now())` })
    .where(eq(moderationNotices.appealTokenHash, hashToken(token)))
    .returning();
  const [view] = row ? await viewsOf(db, [row]) : [];
  if (!view) throw new HttpError(404, LINK_GONE);
  return view;
}

interface Delivery {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  logger: Pick<Logger, "error">;
  /** The time, in ms since the epoch: the clock's, unless a test sets its own. */
  now?: () => number;
}

/** A failed send is tried again after this, behind the notices waiting for their first try. */
const RETRY_AFTER_MS = 60_000;

/** How many notices wait for their e-mail (for the mail queue's figure at /metrics). */
export async function unsentNotices(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moderationNotices)
    .where(isNull(moderationNotices.mailedAt));
  return row?.count ?? 0;
}

/**
 * E-mails the notices not yet sent: each is claimed first (so two servers never send one twice), marked
 * sent once the mail server took it, and given back for the next sweep when sending failed. A decision
 * e-mail that may be appealed carries a new appeal token. Answers how many were sent.
 */
export async function deliverNotices({
  db,
  mailer,
  baseUrl,
  logger,
  now = Date.now,
}: Delivery): Promise<number> {
  const waiting = db
    .select({ id: moderationNotices.id })
    .from(moderationNotices)
    .where(
      and(
        isNull(moderationNotices.mailedAt),
        or(
          isNull(moderationNotices.mailClaimedAt),
          lt(moderationNotices.mailClaimedAt, new Date(now() - CLAIM_LAPSES_MS)),
        ),
      ),
    )
    // A notice whose send failed waits behind those not tried yet: a refused address blocks nobody.
    .orderBy(asc(sql`${moderationNotices.mailClaimedAt} is not null`), asc(moderationNotices.createdAt))
    .limit(100)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(moderationNotices)
    .set({ mailClaimedAt: new Date(now()) })
    .where(inArray(moderationNotices.id, waiting))
    .returning();
  let sent = 0;
  for (const notice of claimed) {
    // Claimed again just before sending, on the claim this delivery holds: a slow mail server may have let
    // the first claim lapse, and another delivery may have taken the notice meanwhile.
    const [mine] = await db
      .update(moderationNotices)
      .set({ mailClaimedAt: new Date(now()) })
      .where(
        and(
          eq(moderationNotices.id, notice.id),
          isNull(moderationNotices.mailedAt),
          notice.mailClaimedAt ? eq(moderationNotices.mailClaimedAt, notice.mailClaimedAt) : undefined,
        ),
      )
      .returning({ id: moderationNotices.id });
    if (!mine) continue;
    try {
      const [view] = await viewsOf(db, [notice]);
      const [to] = await db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, notice.userId));
      if (view && to) {
        if (notice.kind === "outcome") {
          // Named as the reporter saw it: the item may since be changed, hidden or gone.
          const [reported] = await db
            .select({ label: reports.itemLabel })
            .from(reports)
            .where(and(eq(reports.caseId, notice.caseId), eq(reports.reporterId, notice.userId)))
            .limit(1);
          const facts = { ...view, item: { ...view.item, label: reported?.label ?? null } };
          await mailer.send(outcomeEmail({ to: to.email, name: to.name, baseUrl, notice: facts }));
        } else {
          // A link only while the decision may still be appealed: a late or retried e-mail offers none.
          const until = appealableUntil(view.decided);
          const token =
            until && until.getTime() > now() && !view.appeal ? randomBytes(32).toString("base64url") : null;
          if (token)
            await db
              .update(moderationNotices)
              .set({ appealTokenHash: hashToken(token) })
              .where(eq(moderationNotices.id, notice.id));
          await mailer.send(decisionEmail({ to: to.email, name: to.name, baseUrl, notice: view, token }));
        }
        sent++;
      }
      await db
        .update(moderationNotices)
        .set({ mailedAt: new Date(now()) })
        .where(eq(moderationNotices.id, notice.id));
    } catch (error) {
      logger.error(`E-mailing moderation notice ${notice.id} failed; the next sweep tries again`, error);
      await db
        .update(moderationNotices)
        // Tried again once its claim lapses, RETRY_AFTER_MS from now.
        .set({ mailClaimedAt: new Date(now() - CLAIM_LAPSES_MS + RETRY_AFTER_MS) })
        .where(eq(moderationNotices.id, notice.id))
        .catch(() => {});
    }
  }
  return sent;
}

/**
 * Points out to every moderator and administrator, by e-mail, the items whose reports have waited more than
 * OVERDUE_REPORT_HOURS: each item once, in one e-mail per moderator. The items are marked told and the
 * e-mails kept in the outbox in one transaction, so a mail server that is down delays them (the mail sweep
 * tries again) and never loses them. Answers how many items were newly overdue.
 */
export async function mailOverdue({
  db,
  mailer,
  baseUrl,
  logger,
}: Delivery & { logger: Pick<Logger, "error" | "warn"> }): Promise<number> {
  const newly = await db.transaction(async (tx) => {
    const overdue = await tx
      .update(moderationCases)
      .set({ overdueMailedAt: new Date() })
      .where(
        and(
          eq(moderationCases.state, "open"),
          isNull(moderationCases.overdueMailedAt),
          isNull(moderationCases.appealOf),
          sql`exists (select 1 from ${reports} where ${reports.caseId} = ${moderationCases.id} and ${reports.state} = 'open' and ${reports.createdAt} < now() - make_interval(hours => ${OVERDUE_REPORT_HOURS}))`,
        ),
      )
      .returning({ id: moderationCases.id });
    if (overdue.length === 0) return 0;
    const [waiting] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(moderationCases)
      .where(and(eq(moderationCases.state, "open"), isNotNull(moderationCases.overdueMailedAt)));
    const team = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(ne(users.role, "member"));
    for (const member of team)
      await keepMail(
        tx,
        overdueEmail({
          to: member.email,
          name: member.name,
          baseUrl,
          newly: overdue.length,
          waiting: waiting?.count ?? overdue.length,
        }),
      );
    return overdue.length;
  });
  if (newly > 0)
    await new MailQueue(db, mailer, logger)
      .deliver()
      .catch((error: unknown) =>
        logger.error("E-mailing the overdue reports failed; they stay queued", error),
      );
  return newly;
}
