// What members say to each other, keep apart or close and save: comments, blocks, follows, bookmarks.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { MUTABLE_KINDS, SUMMARY_EVERY } from "#shared/schemas/settings.ts";
import { users } from "./accounts.ts";
import { commentStateEnum, reportReasonEnum } from "./enums.ts";
import { tips } from "./tips.ts";

/**
 * Comments on tips (ADR 060), one reply level: a top-level comment is its own thread (`thread_id` = its
 * id) and a reply belongs to its top-level comment's thread. `thread_at` is the thread's start, so a tip's
 * comments read oldest thread first, each thread's replies after it, from one index range.
 */
export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tipId: uuid("tip_id")
      .notNull()
      .references(() => tips.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id")
      .notNull()
      .references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    threadAt: timestamp("thread_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Plain text; emptied when the comment is deleted but kept for its replies. */
    body: text("body").notNull(),
    state: commentStateEnum("state").notNull().default("visible"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set by an edit made after the first 5 minutes: readers see "edited". */
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date" }),
    /** Until when its author may edit it: 24 hours for an account new when it wrote it, else 30 days. */
    editableUntil: timestamp("editable_until", { withTimezone: true, mode: "date" }).notNull(),
    /** Hidden pending review, and why; null while shown (ADR 041). Others see a placeholder in its place. */
    hold: reportReasonEnum("hold"),
    holdReviewAskedAt: timestamp("hold_review_asked_at", { withTimezone: true, mode: "date" }),
    /** Its author's account is on hold (users.held), copied by triggers (drizzle/0018). */
    authorHeld: boolean("author_held").notNull().default(false),
  },
  (table) => [
    index("comments_tip_order_idx").on(
      table.tipId,
      table.threadAt,
      table.threadId,
      table.createdAt,
      table.id,
    ),
    index("comments_thread_idx").on(table.threadId),
    index("comments_author_idx").on(table.authorId, table.createdAt),
  ],
);

/**
 * A member's block of another (ADR 043): the blocked member may not comment on the blocker's tips, and
 * the blocker no longer sees the blocked member's comments.
 */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("blocks_blocked_idx").on(table.blockedId),
    check("blocks_not_self_check", sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * A member following another's gardener page (ADR 077): the follower can list the tips of those they
 * follow. A block, either way, removes the follows between the two (a trigger on blocks).
 */
export const follows = pgTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followedId: text("followed_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followedId] }),
    index("follows_followed_idx").on(table.followedId),
    check("follows_not_self_check", sql`${table.followerId} <> ${table.followedId}`),
  ],
);

/** Each account's followers and the accounts it follows, kept by triggers on follows (ADR 077). */
export const followFigures = pgTable("follow_figures", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  followers: integer("followers").notNull().default(0),
  following: integer("following").notNull().default(0),
});

/**
 * A tip a member saved for later (ADR 078), private to them: a note, and a reminder that comes back at
 * `remind_at` (a season's start resolved to a time when it was set). `tip_id` has no foreign key: when the
 * tip is deleted the bookmark stays three days saying so (`tip_gone_at`, and the title when the tip was
 * public), set by a trigger on tips, then goes.
 */
export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tipId: uuid("tip_id").notNull(),
    note: text("note").notNull().default(""),
    remindAt: timestamp("remind_at", { withTimezone: true, mode: "date" }),
    remindSeason: text("remind_season", { enum: ["spring", "autumn"] }),
    /** When the reminder came back to the member; null until then. */
    remindedAt: timestamp("reminded_at", { withTimezone: true, mode: "date" }),
    tipGoneAt: timestamp("tip_gone_at", { withTimezone: true, mode: "date" }),
    goneTitle: text("gone_title"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tipId] }),
    // A member's bookmarks, newest first, one index range a page.
    index("bookmarks_user_created_idx").on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.tipId.desc().nullsFirst(),
    ),
    // Who saved a tip, for the trigger that marks them when it is deleted.
    index("bookmarks_tip_idx").on(table.tipId),
    // The reminders due: only those not yet sent are in the index.
    index("bookmarks_due_idx").on(table.remindAt).where(sql`${table.remindedAt} is null`),
    index("bookmarks_gone_idx").on(table.tipGoneAt).where(sql`${table.tipGoneAt} is not null`),
    check("bookmarks_note_check", sql`char_length(${table.note}) <= 100`),
    check(
      "bookmarks_season_check",
      sql`${table.remindSeason} is null or ${table.remindSeason} in ('spring', 'autumn')`,
    ),
  ],
);

/** A member's own settings (ADR 078), one row once they change one; none means the defaults. */
export const memberSettings = pgTable(
  "member_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    hemisphere: text("hemisphere", { enum: ["north", "south"] }),
    timeZone: text("time_zone"),
    /** E-mail of comments on their tips and replies to their comments, when they are away (ADR 081). */
    emailReplies: boolean("email_replies").notNull().default(true),
    /** E-mail of comments that name them, when they are away (ADR 081). */
    emailMentions: boolean("email_mentions").notNull().default(true),
    /** The kinds of notification the member does not want in the site (ADR 082): none are made for them. */
    mutedKinds: text("muted_kinds", { enum: MUTABLE_KINDS }).array().notNull().default(sql`'{}'::text[]`),
    /**
     * Quiet hours (ADR 083), minutes after midnight in the member's time zone: no e-mail from `quietFrom`
     * until `quietTo`, which may be the next morning. Both null when they have none.
     */
    quietFrom: smallint("quiet_from"),
    quietTo: smallint("quiet_to"),
    /** The summary of what they missed by e-mail (ADR 084), how often, and on which day (0 Sunday). */
    emailSummary: boolean("email_summary").notNull().default(true),
    summaryEvery: text("summary_every", { enum: SUMMARY_EVERY }).notNull().default("weekly"),
    summaryDay: smallint("summary_day").notNull().default(1),
    /** Where they garden, for the garden calendar (ADR 090): their frost dates ("MM-DD"), or none. */
    lastFrost: text("last_frost"),
    firstFrost: text("first_frost"),
    frostFree: boolean("frost_free").notNull().default(false),
    /** Their garden's latitude in tenths of a degree, south negative (ADR 097); shown to nobody else. */
    latitudeTenths: smallint("latitude_tenths"),
    units: text("units", { enum: ["metric", "imperial"] })
      .notNull()
      .default("metric"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "member_settings_hemisphere_check",
      sql`${table.hemisphere} is null or ${table.hemisphere} in ('north', 'south')`,
    ),
    check(
      "member_settings_frost_check",
      sql`(${table.lastFrost} is null or ${table.lastFrost} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$') and (${table.firstFrost} is null or ${table.firstFrost} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$') and ${table.units} in ('metric', 'imperial')`,
    ),
    check(
      "member_settings_latitude_check",
      sql`${table.latitudeTenths} is null or (${table.latitudeTenths} between -900 and 900 and ${table.hemisphere} is not null and (${table.latitudeTenths} >= 0) = (${table.hemisphere} = 'north'))`,
    ),
    check(
      "member_settings_summary_check",
      sql`${table.summaryEvery} in ('weekly', 'daily') and ${table.summaryDay} between 0 and 6`,
    ),
    check(
      "member_settings_quiet_hours_check",
      sql`(${table.quietFrom} is null) = (${table.quietTo} is null) and ${table.quietFrom} between 0 and 1439 and ${table.quietTo} between 0 and 1439 and ${table.quietFrom} <> ${table.quietTo}`,
    ),
  ],
);

/**
 * When a member last had a page of the site open (ADR 081): the bell's live stream and its polling touch
 * it, at most once a minute. A member seen since a notification came is not e-mailed about it.
 */
export const memberPresence = pgTable("member_presence", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A tip a member muted (ADR 082): nothing about it reaches them any more (comments, replies, mentions,
 * likes) until they unmute it. Private to the member.
 */
export const tipMutes = pgTable(
  "tip_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tipId: uuid("tip_id")
      .notNull()
      .references(() => tips.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tipId] })],
);

/**
 * A thread a member muted (ADR 082), by its first comment: replies and mentions in it reach them no more,
 * the rest of the tip still does. Private to the member.
 */
export const threadMutes = pgTable(
  "thread_mutes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id")
      .notNull()
      .references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.commentId] })],
);
