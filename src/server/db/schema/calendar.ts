// The garden calendar's reminders: "remind me when it's time to sow" (ADR 093).
import { sql } from "drizzle-orm";
import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { TASKS } from "#shared/calendar/frost.ts";
import { users } from "./accounts.ts";
import { tips } from "./tips.ts";

/**
 * A member's reminder for one crop: it comes back as a notification at 08:00, in their time zone, on the
 * day the crop's next window opens in their garden (resolved from their place when they set it). One per
 * crop; setting it again replaces it.
 */
export const sowingReminders = pgTable(
  "sowing_reminders",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The crop's slug (the calendar's list). */
    crop: text("crop").notNull(),
    /** The window it is for: what to do that day. */
    task: text("task", { enum: TASKS }).notNull(),
    /** The tip it was set from, if any: the notification leads back to it while the member may see it. */
    tipId: uuid("tip_id").references(() => tips.id, { onDelete: "set null" }),
    /** The day the window opens in the member's garden. */
    opensOn: date("opens_on", { mode: "string" }).notNull(),
    remindAt: timestamp("remind_at", { withTimezone: true, mode: "date" }).notNull(),
    /** When it came back; null until then. */
    remindedAt: timestamp("reminded_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.crop] }),
    // The reminders due: only those not yet sent are in the index.
    index("sowing_reminders_due_idx").on(table.remindAt).where(sql`${table.remindedAt} is null`),
    check(
      "sowing_reminders_task_check",
      sql`${table.task} in ('sowIndoors', 'plantOut', 'sowDirect', 'sowAutumn')`,
    ),
  ],
);
