// The garden calendar's tables: the crops a site adds (ADR 096) and "remind me when it's time to sow" (ADR 093).
import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Crop } from "#shared/calendar/crops.ts";
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

/**
 * Crops an administrator added beside the shipped list (ADR 096): in the database, so every instance, a
 * backup and a move carry them. A slug the shipped list has is never here (the API refuses it).
 */
export const siteCrops = pgTable(
  "site_crops",
  {
    slug: text("slug").primaryKey(),
    /** The whole crop as `CropSchema` checks it, its slug included. */
    crop: jsonb("crop").$type<Crop>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The administrator who saved it last; kept if their account goes. */
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [check("site_crops_slug_check", sql`${table.crop}->>'slug' = ${table.slug}`)],
);
