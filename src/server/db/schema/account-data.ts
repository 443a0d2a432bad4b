// What members ask of their own data: copies of everything they gave (ADR 088).
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { EXPORT_STATES } from "#shared/schemas/account-data.ts";
import { users } from "./accounts.ts";

/**
 * A member's request for a copy of their data (ADR 088): built in the background into one zip by whichever
 * server claims it, kept for 48 hours once ready, then deleted (the row stays, `expired`, as the record of
 * when they asked: one a day). `done` of `total` is the progress the profile shows while it builds.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    state: text("state", { enum: EXPORT_STATES }).notNull().default("waiting"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** When a server last said it is building it: a claim not renewed for ten minutes is taken over. */
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    claimToken: uuid("claim_token"),
    attempts: integer("attempts").notNull().default(0),
    readyAt: timestamp("ready_at", { withTimezone: true, mode: "date" }),
    /** When the download link stops working and the file is deleted. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    /** The archive's name in the archive store; null until ready and once deleted. */
    fileName: text("file_name"),
    size: bigint("size", { mode: "number" }),
    lastError: text("last_error"),
  },
  (table) => [
    index("data_exports_user_idx").on(table.userId, table.requestedAt.desc()),
    // The builds to do: a handful of rows, whatever the table's size.
    index("data_exports_due_idx").on(table.requestedAt).where(sql`${table.state} in ('waiting', 'building')`),
    index("data_exports_expiry_idx").on(table.expiresAt).where(sql`${table.state} = 'ready'`),
    check(
      "data_exports_state_check",
      sql`${table.state} in ('waiting', 'building', 'ready', 'failed', 'expired')`,
    ),
  ],
);
