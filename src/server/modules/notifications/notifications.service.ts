import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ModerationAction, ReportTarget } from "#shared/constants.ts";
import type { NotificationKind, UnreadCount } from "#shared/schemas/notification.ts";
import type { Db } from "../../db/client.ts";
import { accountImage, type StoredPhoto } from "../../db/photo-columns.ts";
import {
  comments,
  moderationCases,
  moderationNotices,
  notificationCounts,
  notifications,
  reports,
  tips,
  users,
} from "../../db/schema.ts";
import { tipSeenBy } from "../../lib/rules/visibility.ts";
import { excerptOf } from "./excerpt.ts";

/** How many of a notification's actors are named: "Ana, Ben and 3 others". */
const NAMED_ACTORS = 3;
/** How much of a comment a notification quotes. */
const EXCERPT_LENGTH = 140;

/** How many notifications wait unread for the member, read from the kept count. */
export async function unreadCount(db: Db, userId: string): Promise<UnreadCount> {
  const [row] = await db
    .select({ count: notificationCounts.unread, fromNewcomers: notificationCounts.unreadFromNewcomers })
    .from(notificationCounts)
    .where(eq(notificationCounts.userId, userId));
  return row ?? { count: 0, fromNewcomers: 0 };
}

interface Actor {
  id: string;
  name: string;
  handle: string;
  image: string | null;
  photo: StoredPhoto | null;
}

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  readAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  actorIds: string[];
  fromNewcomer: boolean;
  tip: { id: string; title: string } | null;
  comment: { id: string; excerpt: string } | null;
  /** The first actors, newest first, as their accounts are now. */
  actors: Actor[];
  /** For the moderators' word: what they decided about which item. */
  moderation: ModerationWord | null;
  /** For a sowing reminder: the crop's slug. */
  crop: string | null;
}

interface ModerationWord {
  action: ModerationAction;
  answersAppeal: boolean;
  durationHours: number | null;
  item: { type: ReportTarget; label: string | null };
}

/**
 * The member's notifications, newest event first, `limit` a page after `cursor`; those from new members
 * only when `newcomers`, else only the others. A tip is named only while the member may see it.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  { limit, cursor, newcomers = false }: { limit: number; cursor?: string; newcomers?: boolean },
): Promise<{ rows: NotificationRow[]; nextCursor: string | null }> {
  const [micros = "", after = ""] = cursor?.split("_") ?? [];
  const updated = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
  const read = await db
    .select({
      notification: notifications,
      micros: sql<string>`(extract(epoch from ${notifications.updatedAt}) * 1000000)::bigint::text`,
      tipTitle: sql<string | null>`case when ${tipSeenBy(userId)} then ${tips.title} end`,
      commentBody: comments.body,
    })
    .from(notifications)
    .leftJoin(tips, eq(tips.id, notifications.tipId))
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.fromNewcomer, newcomers),
        cursor
          ? sql`(${notifications.updatedAt}, ${notifications.id}) < (${updated}, ${after}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(limit + 1);
  const page = read.slice(0, limit);
  const named = [
    ...new Set(page.flatMap(({ notification }) => notification.actorIds.slice(0, NAMED_ACTORS))),
  ];
  const accounts = named.length
    ? await db
        .select({ id: users.id, name: users.name, handle: users.handle, ...accountImage() })
        .from(users)
        .where(inArray(users.id, named))
    : [];
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const words = await moderationWords(
    db,
    page.flatMap(({ notification }) => (notification.noticeId ? [notification.noticeId] : [])),
  );
  const last = page.at(-1);
  return {
    rows: page.map(({ notification, tipTitle, commentBody }) => ({
      id: notification.id,
      kind: notification.kind,
      readAt: notification.readAt,
      createdAt: notification.createdAt,
      updatedAt: notification.updatedAt,
      actorIds: notification.actorIds,
      fromNewcomer: notification.fromNewcomer,
      tip: notification.tipId && tipTitle !== null ? { id: notification.tipId, title: tipTitle } : null,
      comment:
        notification.commentId && commentBody !== null
          ? { id: notification.commentId, excerpt: excerptOf(commentBody, EXCERPT_LENGTH) }
          : null,
      actors: notification.actorIds.slice(0, NAMED_ACTORS).flatMap((id) => {
        const account = byId.get(id);
        return account ? [account] : [];
      }),
      moderation: (notification.noticeId && words.get(notification.noticeId)) || null,
      crop: notification.crop,
    })),
    nextCursor: read.length > limit && last ? `${last.micros}_${last.notification.id}` : null,
  };
}

/**
 * What the moderators decided in each notice's case, by notice: the item named as its reports saw it (an
 * appeal's, as the reports of the decision it appeals).
 */
async function moderationWords(db: Db, noticeIds: string[]): Promise<Map<string, ModerationWord>> {
  if (noticeIds.length === 0) return new Map();
  const rows = await db
    .select({
      noticeId: moderationNotices.id,
      action: moderationCases.decision,
      appealOf: moderationCases.appealOf,
      durationHours: moderationCases.suspensionHours,
      type: moderationCases.targetType,
      label: sql<string | null>`(
        select ${reports.itemLabel} from ${reports}
        where ${reports.caseId} = coalesce(${moderationCases.appealOf}, ${moderationCases.id})
          and ${reports.itemLabel} is not null
        order by ${reports.createdAt} limit 1
      )`,
    })
    .from(moderationNotices)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationNotices.caseId))
    .where(inArray(moderationNotices.id, noticeIds));
  return new Map(
    rows.flatMap(({ noticeId, action, appealOf, durationHours, type, label }) =>
      action
        ? [[noticeId, { action, answersAppeal: appealOf !== null, durationHours, item: { type, label } }]]
        : [],
    ),
  );
}

/** Marks the member's notifications read (those named, or all); answers what is left unread. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined): Promise<UnreadCount> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
  return unreadCount(db, userId);
}
