// What members say to each other and how they keep apart or close: comments, blocks and follows.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
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
