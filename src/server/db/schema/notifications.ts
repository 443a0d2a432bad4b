// What the site tells a member: their notifications, and how many wait unread.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS } from "#shared/schemas/notification.ts";
import { users } from "./accounts.ts";
import { comments } from "./community.ts";
import { moderationNotices } from "./moderation.ts";
import { tips } from "./tips.ts";

/**
 * A member's notification (ADR 079), made by triggers where the event is written: a comment on their tip,
 * a reply to their comment, a comment naming them (@handle), the moderators' decision about what they
 * posted or on their report, likes on their tip and new followers (each grouped while unread, within 12
 * hours), a new public tip from a gardener they follow, a bookmark's reminder, a crop's sowing time. `actor_ids` are who acted,
 * newest first; a notification about content that is hidden, held or deleted is withdrawn (deleted).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    tipId: uuid("tip_id").references(() => tips.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** For a `decision` or `outcome`: the moderators' notice it tells of; read together with it. */
    noticeId: uuid("notice_id").references(() => moderationNotices.id, { onDelete: "cascade" }),
    actorIds: text("actor_ids").array().notNull().default(sql`'{}'::text[]`),
    /** From accounts younger than a week the member does not follow: listed apart, not in the bell's count. */
    fromNewcomer: boolean("from_newcomer").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The latest event it holds: lists read newest first by this. */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /**
     * What became of its e-mail (ADR 081), for the kinds that may be e-mailed: null while undecided, then
     * `sent` or `skipped` with the reason in `mail_note`.
     */
    mailState: text("mail_state", { enum: ["sent", "skipped"] }),
    mailNote: text("mail_note"),
    mailDecidedAt: timestamp("mail_decided_at", { withTimezone: true, mode: "date" }),
    /** Not e-mailed before this: the member's quiet hours held it back (ADR 083). */
    mailAfter: timestamp("mail_after", { withTimezone: true, mode: "date" }),
    /** For a `sowing` reminder: the crop (its slug) whose window opens today in the member's garden. */
    crop: text("crop"),
  },
  (table) => [
    index("notifications_user_updated_idx").on(
      table.userId,
      table.fromNewcomer,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("notifications_tip_idx").on(table.tipId),
    index("notifications_comment_idx").on(table.commentId),
    index("notifications_notice_idx").on(table.noticeId),
    // The e-mails still to decide, oldest first: a few rows, whatever the table's size.
    index("notifications_mail_due_idx")
      .on(table.createdAt)
      .where(sql`${table.mailState} is null and ${table.kind} in ('comment', 'reply', 'mention')`),
    // The e-mails a member was sent lately, for the daily cap.
    index("notifications_mailed_idx")
      .on(table.userId, table.mailDecidedAt)
      .where(sql`${table.mailState} = 'sent'`),
    index("notifications_actors_idx").using("gin", table.actorIds),
    check(
      "notifications_kind_check",
      sql`${table.kind} in ('comment', 'reply', 'mention', 'like', 'follow', 'new_tip', 'reminder', 'decision', 'outcome', 'export', 'sowing')`,
    ),
  ],
);

/** Each member's unread notifications, kept by triggers on notifications: the bell reads one row. */
export const notificationCounts = pgTable("notification_counts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  unread: integer("unread").notNull().default(0),
  unreadFromNewcomers: integer("unread_from_newcomers").notNull().default(0),
});
