// Accounts and what belongs to them alone: better-auth's tables, handles, limits, the outbox, facts.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { departureEnum, reportReasonEnum, roleEnum } from "./enums.ts";
import { photos } from "./photos.ts";

/** Key/value facts about this database, e.g. when the demo data was loaded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

// Accounts and sessions: the tables better-auth expects (user, session, account, verification).
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    /** A profile photo linked from elsewhere (an http(s) URL); an uploaded one is `photoHash`. */
    image: text("image"),
    /** The uploaded photo the profile shows. */
    photoHash: text("photo_hash").references(() => photos.hash),
    /**
     * Demo gardeners' accounts own the demo tips but nobody can sign in to them (ADR 012): they have no
     * password, get no reset e-mail and are never linked to a Google sign-in.
     */
    signInDisabled: boolean("sign_in_disabled").notNull().default(false),
    /**
     * Names the member's gardener page (src/shared/handles.ts). Made from the name when the account is
     * created without one, by a trigger before the row is checked (drizzle/0013), so every way an account
     * is made (sign-up, Google, the demo data) gets one: hence a default of null on a column never null.
     */
    handle: text("handle").notNull().default(sql`null`),
    // The member's gardener page (ADR 039): plain text, each optional.
    bio: text("bio"),
    location: text("location"),
    experiences: text("experiences"),
    certifications: text("certifications").array().notNull().default(sql`'{}'::text[]`),
    gardenName: text("garden_name"),
    youtube: text("youtube"),
    age: integer("age"),
    gender: text("gender"),
    /** Whether the member is listed on Explore Gardeners once they share a public tip. */
    listed: boolean("listed").notNull().default(true),
    /**
     * Administrators are the verified accounts ADMIN_EMAILS names, or the first verified account when it
     * names none; moderators are appointed by an administrator (ADR 040). Never written by a client.
     */
    role: roleEnum("role").notNull().default("member"),
    /**
     * On hold: spam reports from 3 members, or a suspension (ADR 041). Everything the account posted is
     * hidden from others (tips and comments copy this) and it may not post until a moderator decides.
     */
    held: boolean("held").notNull().default(false),
    /**
     * Suspended until then (ADR 042): no sign-in and no session; 'infinity' for indefinitely, null when not
     * suspended. `held` is set with it, and both are lifted when it has passed.
     */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true, mode: "date" }),
    /** The gardener page is hidden pending review, and why; null while it is shown. */
    pageHold: reportReasonEnum("page_hold"),
    /** When the member, after editing their page, asked for it to be shown again: once per hold. */
    pageHoldReviewAskedAt: timestamp("page_hold_review_asked_at", { withTimezone: true, mode: "date" }),
    /**
     * The address the account signed up from, as lib/security/client-ip.ts's `addressTag` (a hash, never the
     * address): an address's unverified accounts are counted (ADR 048), and reports from accounts made
     * at one address count once.
     */
    signupAddress: text("signup_address"),
    /**
     * When the account's automatic hold last ended (a decision, or its time): spam reports filed before it
     * were weighed already and do not hold the account again (ADR 049).
     */
    holdClearedAt: timestamp("hold_cleared_at", { withTimezone: true, mode: "date" }),
    /**
     * When reports put the account on hold; null when it is not, or when a suspension holds it. A hold no
     * moderator confirms lifts by itself HOLD_LAPSES_AFTER_HOURS later (ADR 049).
     */
    heldAt: timestamp("held_at", { withTimezone: true, mode: "date" }),
    /**
     * When a moderator decided to keep the account on the hold reports put on it (a keep_hold decision): such
     * a hold does not lapse, and only that decision's appeal or its undoing lifts it.
     */
    holdKeptAt: timestamp("hold_kept_at", { withTimezone: true, mode: "date" }),
    /**
     * Null for a member; set when they ask for their account to be deleted (ADR 089). Tips and comments
     * copy whether it hides them, as they copy `held`.
     */
    departure: departureEnum("departure"),
    /**
     * When the member's newest tip anyone may see was shared; null while they have none. Kept by a
     * trigger on tips (drizzle/0037, ADR 069), so Explore Gardeners reads it instead of grouping the tips.
     */
    lastSharedAt: timestamp("last_shared_at", { withTimezone: true, mode: "date" }),
    /**
     * Whether Explore Gardeners lists the member: listed, someone signs in to it, neither it nor its page on
     * hold, and a tip anyone may see. What Total Gardeners counts, kept in `kept_counts`.
     */
    explorable: boolean("explorable").generatedAlwaysAs(
      sql.raw(
        `"listed" and not "sign_in_disabled" and "page_hold" is null and not "held" and "last_shared_at" is not null`,
      ),
    ),
    ...timestamps,
  },
  (table) => [
    // Which profiles show an uploaded photo: one no tip or profile shows is deleted (ADR 021).
    index("users_photo_idx").on(table.photoHash),
    index("users_signup_address_idx").on(table.signupAddress, table.createdAt),
    // The minute's sweep of lapsed and orphaned holds reads only the few held accounts.
    index("users_held_idx").on(table.heldAt).where(sql`${table.held}`),
    uniqueIndex("users_handle_key").on(table.handle),
    // Explore Gardeners in its order, and its active members, each reading only the members it lists.
    index("users_explorable_name_idx").on(table.name, table.handle).where(sql`${table.explorable}`),
    index("users_explorable_shared_idx").on(table.lastSharedAt).where(sql`${table.explorable}`),
    // The team, a handful among every account: whose cases wait for administrators only.
    index("users_team_idx").on(table.id).where(sql`${table.role} <> 'member'`),
    check("users_handle_check", sql`${table.handle} ~ '^[a-z0-9_]{2,25}$'`),
    check("users_age_check", sql`${table.age} is null or (${table.age} between 0 and 150)`),
  ],
);

/**
 * Counts kept exact by triggers, read instead of counting rows: `explorable_members`, the members Explore
 * Gardeners lists (drizzle/0037); `waiting_cases`, the moderation cases waiting for a decision (drizzle/0038).
 */
export const keptCounts = pgTable("kept_counts", {
  name: text("name").primaryKey(),
  total: integer("total").notNull(),
});

/**
 * The members Explore Gardeners lists, by the day (UTC) of their newest public tip, kept by the triggers
 * that keep `explorable_members` (drizzle/0037): how many are active is read from the days since the
 * boundary, not by counting them.
 */
export const explorableDays = pgTable("explorable_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  members: integer("members").notNull(),
});

/** Handles no member may take (src/shared/handles.ts): the handles the database makes avoid them. */
export const reservedHandles = pgTable("reserved_handles", {
  handle: text("handle").primaryKey(),
});

/**
 * Handles members had before they changed them (ADR 054): each still leads to its member's page, and no
 * one else may take it, so an old link never names somebody else. Kept by a trigger on users (drizzle/0032).
 */
export const formerHandles = pgTable(
  "former_handles",
  {
    handle: text("handle").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("former_handles_user_idx").on(table.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [
    index("accounts_user_id_idx").on(table.userId),
    index("accounts_provider_account_idx").on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/**
 * Fixed-window counters behind the sign-in, sign-up, reset and password-check limits. Kept in the
 * database, so they survive a restart and several instances share them.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("rate_limit_hits_reset_idx").on(table.resetAt)],
);

/**
 * The account e-mails (verification, password reset) waiting to be sent or sent (ADR 045): written before
 * any attempt, so a mail server that is down loses nothing; sent once, by whichever instance claims the
 * row, retried with a growing wait until the mail server takes it. A sent message's body (its link) is
 * emptied; the row stays as the record of what was sent to whom and when.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** The link the message is about, for the local outbox's log line; emptied with the body. */
    link: text("link"),
    /** Headers of its own, such as List-Unsubscribe; emptied with the body. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    /** Who holds the claim: each claim is a new token, so a delivery acts only on a claim it still holds. */
    claimToken: uuid("claim_token"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** When its link stops working: a message not sent by then is not sent at all (its body is emptied). */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    /**
     * Deleted once sent rather than kept as a record: the last message to the address of an account just
     * deleted, which nothing may keep naming (ADR 089).
     */
    forgetOnceSent: boolean("forget_once_sent").notNull().default(false),
  },
  (table) => [index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);
