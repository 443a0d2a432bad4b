// The summary e-mail of what a member missed: when each is next due, and what each slot decided.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * When each member's summary e-mail is next considered (ADR 084): a row per account, made by a trigger
 * when the account is. `planned` is false until the sweep first sets `next_at` to a slot of the member's.
 */
export const summarySchedule = pgTable(
  "summary_schedule",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    nextAt: timestamp("next_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    planned: boolean("planned").notNull().default(false),
  },
  (table) => [index("summary_schedule_next_idx").on(table.nextAt)],
);

/**
 * Each summary decided (ADR 084): sent (with how many items), the last one after six months away
 * (`farewell`), or skipped with the reason. One per member and slot: a second decision of the same slot,
 * by another server or after a crash, is refused by the database.
 */
export const memberSummaries = pgTable(
  "member_summaries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    result: text("result").notNull(),
    items: integer("items").notNull().default(0),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.dueAt] }),
    index("member_summaries_sent_idx")
      .on(table.userId, table.decidedAt)
      .where(sql`${table.result} in ('sent', 'farewell')`),
  ],
);
