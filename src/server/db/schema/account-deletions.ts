// Accounts their members deleted, and the record that deletes them again after a restore (ADR 089).
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DELETION_KEEPS, DELETION_STATES } from "#shared/schemas/account-data.ts";
import { users } from "./accounts.ts";

/**
 * A member's request to delete their account (ADR 089), and once done the ledger of it: a restore of an
 * earlier backup deletes again every account this names as done, so a backup never brings a member back.
 * `handle` is the one the account had, kept from anyone else for 90 days after; nothing else names them.
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    state: text("state", { enum: DELETION_STATES }).notNull().default("pending"),
    keep: text("keep", { enum: DELETION_KEEPS }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The e-mail a day before the end went (once). */
    remindedAt: timestamp("reminded_at", { withTimezone: true, mode: "date" }),
    doneAt: timestamp("done_at", { withTimezone: true, mode: "date" }),
    /** Whether Explore Gardeners listed the member before: given back if they stay. */
    wasListed: boolean("was_listed").notNull(),
    handle: text("handle").notNull(),
  },
  (table) => [
    index("account_deletions_user_idx").on(table.userId),
    // The deletions to do and the reminders to send: a handful of rows, whatever the table's size.
    index("account_deletions_due_idx").on(table.dueAt).where(sql`${table.state} = 'pending'`),
    // One deletion under way per account.
    uniqueIndex("account_deletions_pending_key").on(table.userId).where(sql`${table.state} = 'pending'`),
    index("account_deletions_handle_idx").on(table.handle, table.doneAt).where(sql`${table.state} = 'done'`),
    check("account_deletions_state_check", sql`${table.state} in ('pending', 'cancelled', 'done')`),
    check("account_deletions_keep_check", sql`${table.keep} in ('nothing', 'anonymous')`),
  ],
);
