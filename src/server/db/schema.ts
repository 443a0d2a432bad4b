import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  AVAILABILITIES,
  CATEGORIES,
  DIFFICULTIES,
  GARDENER_STATUSES,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  ROLES,
} from "#shared/constants.ts";

export const difficultyEnum = pgEnum("difficulty", DIFFICULTIES);
export const availabilityEnum = pgEnum("availability", AVAILABILITIES);
export const gardenerStatusEnum = pgEnum("gardener_status", GARDENER_STATUSES);
/** visible; hidden by a moderator; deleted by its author or the tip's, kept as "[deleted]" for its replies. */
export const commentStateEnum = pgEnum("comment_state", ["visible", "hidden", "deleted"]);
export const roleEnum = pgEnum("user_role", ROLES);
export const reportTargetEnum = pgEnum("report_target", REPORT_TARGETS);
export const reportReasonEnum = pgEnum("report_reason", REPORT_REASONS);
/** Open until a moderator decides; then closed with what was decided. */
export const reportStateEnum = pgEnum("report_state", ["open", "closed"]);
export const moderationActionEnum = pgEnum("moderation_action", MODERATION_ACTIONS);

export const gardeners = pgTable(
  "gardeners",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    image: text("image"),
    status: gardenerStatusEnum("status").notNull().default("active"),
    email: text("email").notNull().unique(),
    age: integer("age"),
    gender: text("gender"),
    experiences: text("experiences"),
    location: text("location"),
    certifications: text("certifications").array().notNull().default(sql`'{}'::text[]`),
    gardenName: text("garden_name"),
    youtube: text("youtube"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    index("gardeners_status_name_idx").on(table.status, table.name),
    check("gardeners_age_check", sql`${table.age} is null or (${table.age} between 0 and 150)`),
  ],
);

/** Alphabetical order ignores case ("apple" before "Zucchini"). */
export const tipTitleKey = sql.raw(`lower("title")`);

/** The text `q` searches: title, plant type, category and author name, lower-cased. */
const tipSearchText = sql.raw(
  `lower(coalesce("title", '') || ' ' || coalesce("plant_type", '') || ' ' || coalesce("category", '') || ' ' || coalesce("name", ''))`,
);

/**
 * The hash of the uploaded photo a URL names (src/shared/photos.ts), or null for any other URL: indexed on
 * tips and users, so "does anything still use this photo?" is an index lookup, not a scan.
 */
export const photoHashOf = (column: string) =>
  sql.raw(`substring("${column}" from '/uploads/([0-9a-f]{32})-[0-9]+x[0-9]+[.]webp$')`);

export const tips = pgTable(
  "tips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    plantType: text("plant_type").notNull(),
    difficulty: difficultyEnum("difficulty").notNull(),
    description: text("description").notNull(),
    images: text("images"),
    /** One of CATEGORIES, typed here; the database does not check it (no CHECK constraint). */
    category: text("category", { enum: CATEGORIES }).notNull(),
    availability: availabilityEnum("availability").notNull().default("Public"),
    /** The account that shared the tip owns it: ownership is this id, never an e-mail (ADR 012). */
    authorId: text("author_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    /**
     * The author's current display name and account e-mail, never a client's, copied from `users` by
     * triggers (migration 0006) whenever the tip is written or the account changes; kept here so lists,
     * search and counts read one table.
     */
    name: text("name").notNull(),
    email: text("email").notNull(),
    /**
     * The author's handle, naming their gardener page, copied as the name is (migration 0014): a tip's
     * card links its author's page without reading `users`. Filled by the trigger, hence a default of null
     * on a column never null.
     */
    authorHandle: text("author_handle").notNull().default(sql`null`),
    /**
     * Its author is a demo gardener (users.sign_in_disabled), copied as the name is (drizzle/0024): a demo
     * tip shows its e-mail as the specification's cards do; a member's tip shows it to its author alone.
     */
    authorDemo: boolean("author_demo").notNull().default(false),
    /** Its author's role, copied as the name is (drizzle/0035): the team's tips show a role badge. */
    authorRole: roleEnum("author_role").notNull().default("member"),
    /** Maintained by the server from the likes it stores; never written by a client, who could inflate it. */
    totalLiked: integer("total_liked").notNull().default(0),
    /** Its visible comments, kept by triggers on `comments` (migration 0015), never counted per request. */
    totalComments: integer("total_comments").notNull().default(0),
    /**
     * Hidden pending review, and why (the reports' heaviest reason): set when the tip's reports reach the
     * threshold or a moderator reports it (ADR 041). Null while it is shown.
     */
    hold: reportReasonEnum("hold"),
    /** When its author, after an edit, asked for it to be shown again: once per hold. */
    holdReviewAskedAt: timestamp("hold_review_asked_at", { withTimezone: true, mode: "date" }),
    /** Its author's account is on hold (users.held), copied by triggers as the name is (drizzle/0018). */
    authorHeld: boolean("author_held").notNull().default(false),
    /** Neither the tip nor its author is on hold: every public read asks this, with `availability`. */
    shown: boolean("shown").generatedAlwaysAs(sql.raw(`"hold" is null and not "author_held"`)),
    /**
     * What `q` searches, kept with the row (migration 0008) rather than computed again for every row a
     * search looks at: a broad search at a million tips scans a third less time (ADR 022).
     */
    searchText: text("search_text").generatedAlwaysAs(tipSearchText),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    // Public lists: newest first (read backwards for oldest first), trending (likes, then newest) and
    // alphabetical; each matches its ORDER BY column for column, ties broken by id, so a page and the
    // keyset cursor after it are one index range scan.
    index("tips_availability_created_idx").on(
      table.availability,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("tips_availability_liked_idx").on(
      table.availability,
      table.totalLiked.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("tips_availability_title_idx").on(table.availability, sql`lower(${table.title})`, table.id),
    // An author's own tips (My Tips, the dashboard).
    index("tips_author_created_idx").on(
      table.authorId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The live totalSharedTips count per gardener, matched by e-mail.
    index("tips_email_created_idx").on(
      table.email,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Text search (q): a trigram index over the searched text makes ILIKE '%…%' an index scan.
    index("tips_search_trgm_idx").using("gin", table.searchText.op("gin_trgm_ops")),
    // Which tips show an uploaded photo: one no tip or profile shows is deleted (ADR 021).
    index("tips_photo_idx").on(photoHashOf("images")),
    check("tips_total_liked_check", sql`${table.totalLiked} >= 0`),
  ],
);

/**
 * Exact tip counts per (availability, difficulty, category), kept by a trigger on tips (migration 0005):
 * the total of a list without text search sums a few of these rows instead of counting the tips.
 */
export const tipCounts = pgTable(
  "tip_counts",
  {
    availability: availabilityEnum("availability").notNull(),
    difficulty: difficultyEnum("difficulty").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    total: integer("total").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.availability, table.difficulty, table.category] })],
);

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
    image: text("image"),
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
     * The address the account signed up from, as lib/client-ip.ts's `addressTag` (a hash, never the
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
    ...timestamps,
  },
  (table) => [
    // Which profiles show an uploaded photo: one no tip or profile shows is deleted (ADR 021).
    index("users_photo_idx").on(photoHashOf("image")),
    index("users_signup_address_idx").on(table.signupAddress, table.createdAt),
    // The minute's sweep of lapsed and orphaned holds reads only the few held accounts.
    index("users_held_idx").on(table.heldAt).where(sql`${table.held}`),
    uniqueIndex("users_handle_key").on(table.handle),
    check("users_handle_check", sql`${table.handle} ~ '^[a-z0-9_]{2,25}$'`),
    check("users_age_check", sql`${table.age} is null or (${table.age} between 0 and 150)`),
  ],
);

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

/** One like per user per tip; tips.total_liked is kept equal to the count of these rows. */
export const tipLikes = pgTable(
  "tip_likes",
  {
    tipId: uuid("tip_id")
      .notNull()
      .references(() => tips.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tipId, table.userId] }),
    index("tip_likes_user_idx").on(table.userId),
  ],
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
 * Who uploaded which photo and when (ADR 021): one row per account and photo, its time renewed by each
 * upload. A photo that no tip or profile shows is deleted once its newest upload is a day old
 * (modules/uploads/photo-cleanup.ts). `width` and `height` name its files (src/shared/photos.ts).
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    hash: text("hash").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.hash, table.ownerId] }),
    index("photo_uploads_uploaded_idx").on(table.uploadedAt),
    index("photo_uploads_owner_idx").on(table.ownerId),
  ],
);

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
 * Every moderation action, the site's own included (no actor: "system"), appended and never changed or
 * removed: triggers refuse UPDATE, DELETE and TRUNCATE (drizzle/0016). `actor_id` and `subject_id` are
 * not foreign keys, so the record outlives the accounts it names; their names at the time are kept.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The account that acted, or null for the site itself. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    /** What the action was on: "member" for a role, later a tip, comment, gardener page or photo. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** The member the action concerns (the item's author, or the account whose role changed). */
    subjectId: text("subject_id"),
    subjectName: text("subject_name"),
    reason: text("reason").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /**
     * The case a decision (or its undoing) was about: an administrator undoes a decision from its entry.
     * Not a foreign key, as the log outlives what it records.
     */
    caseId: uuid("case_id"),
  },
  (table) => [
    index("moderation_log_case_idx").on(table.caseId),
    index("moderation_log_at_idx").on(table.at.desc(), table.id.desc()),
    index("moderation_log_actor_idx").on(table.actorId, table.at.desc()),
    index("moderation_log_subject_idx").on(table.subjectId, table.at.desc()),
  ],
);

/**
 * Members' reports of a tip, a comment, a gardener page or an uploaded photo (ADR 040). One open report
 * per member and item; `weight` is fixed when it is made (2 for an established member, else 1), so the
 * weight of an item's reports does not move when its reporters' standing does.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: reportTargetEnum("target_type").notNull(),
    /** The tip's or comment's id, the gardener's account id, or the photo's hash. */
    targetId: text("target_id").notNull(),
    /** Whose item it is: the tip's or comment's author, the gardener, the photo's uploader. */
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: reportReasonEnum("reason").notNull(),
    note: text("note").notNull().default(""),
    /**
     * What the report counts towards hiding the item or holding its author (ADR 049): 2 for an
     * established member with a fair record, 0 for anyone else, whose report reaches the queue only.
     */
    weight: integer("weight").notNull(),
    /** Where it was sent from, as lib/client-ip.ts's `addressTag`: reports from one address count once. */
    reporterAddress: text("reporter_address"),
    /** The case it is part of: every open report of one item is in that item's one open case. */
    caseId: uuid("case_id").references((): AnyPgColumn => moderationCases.id, { onDelete: "cascade" }),
    state: reportStateEnum("state").notNull().default("open"),
    /** What the moderators decided: `removed` or `kept`; null while open. */
    outcome: text("outcome", { enum: ["removed", "kept"] }),
    /**
     * What the reporter saw of the item when they reported it, so their list and e-mails name it after it
     * is gone: a tip's title, a comment's first words, a page's name; null for a photo.
     */
    itemLabel: text("item_label"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reports_one_open_idx")
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`${table.state} = 'open'`),
    index("reports_reporter_idx").on(table.reporterId, table.createdAt.desc(), table.id.desc()),
    index("reports_target_idx").on(table.targetType, table.targetId),
    index("reports_author_idx").on(table.authorId),
    index("reports_case_idx").on(table.caseId),
    index("reports_address_idx").on(table.reporterAddress, table.createdAt),
    check("reports_weight_check", sql`${table.weight} between 0 and 2`),
  ],
);

/**
 * Uploaded photos hidden pending review (ADR 041), by hash: the file is not served, and a tip or profile
 * showing it shows the default picture instead, to everyone but whoever uploaded it.
 */
export const photoHolds = pgTable("photo_holds", {
  hash: text("hash").primaryKey(),
  reason: reportReasonEnum("reason").notNull(),
  since: timestamp("since", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One item's turn in the moderation queue (ADR 042): opened by its first report, closed by one decision.
 * At most one open case per item (a partial unique index): deciding closes it in one conditional update,
 * so of two moderators deciding at once, the second finds it closed and is shown the first decision.
 */
export const moderationCases = pgTable(
  "moderation_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: reportTargetEnum("target_type").notNull(),
    /** As in `reports`: the tip's or comment's id, the gardener's account id, or the photo's hash. */
    targetId: text("target_id").notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: reportStateEnum("state").notNull().default("open"),
    openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    /** Not a foreign key: the record outlives the moderator's account. */
    decidedBy: text("decided_by"),
    decidedByName: text("decided_by_name"),
    decision: moderationActionEnum("decision"),
    decisionReason: text("decision_reason"),
    /** A suspension's length in hours; null for indefinitely, or for another decision. */
    suspensionHours: integer("suspension_hours"),
    /**
     * For an appeal: the decided case it asks to reverse (ADR 043). At most one appeal per decision, and an
     * appeal sits beside the item's open report case, which it does not count as.
     */
    appealOf: uuid("appeal_of").references((): AnyPgColumn => moderationCases.id, { onDelete: "cascade" }),
    /** The author's words for the appeal. */
    appealNote: text("appeal_note"),
    /** When the moderators were e-mailed that its reports wait more than 48 hours; null until then. */
    overdueMailedAt: timestamp("overdue_mailed_at", { withTimezone: true, mode: "date" }),
    /** When an administrator undid the decision (ADR 052); null while it stands. */
    undoneAt: timestamp("undone_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    uniqueIndex("moderation_cases_one_open_idx")
      .on(table.targetType, table.targetId)
      .where(sql`${table.state} = 'open' and ${table.appealOf} is null`),
    uniqueIndex("moderation_cases_one_appeal_idx").on(table.appealOf),
    index("moderation_cases_state_idx").on(table.state, table.openedAt),
    index("moderation_cases_author_idx").on(table.authorId, table.decidedAt),
  ],
);

/** Whom a notice is for: the author of a decided item, or one of its reporters. */
export const noticeKindEnum = pgEnum("notice_kind", ["decision", "outcome"]);

/**
 * What members are told of a decision (ADR 043): its author (kind `decision`, shown in the site until
 * seen) and each reporter (kind `outcome`, in their list of reports). Each is also e-mailed once: a
 * delivery claims it (`mail_claimed_at`), marks it `mailed_at` when the mail server took it, and a
 * failed or abandoned claim is taken again by the sweep.
 */
export const moderationNotices = pgTable(
  "moderation_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    caseId: uuid("case_id")
      .notNull()
      .references(() => moderationCases.id, { onDelete: "cascade" }),
    kind: noticeKindEnum("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    seenAt: timestamp("seen_at", { withTimezone: true, mode: "date" }),
    mailClaimedAt: timestamp("mail_claimed_at", { withTimezone: true, mode: "date" }),
    mailedAt: timestamp("mailed_at", { withTimezone: true, mode: "date" }),
    /**
     * SHA-256 of the token in the decision e-mail's appeal link: it lets a suspended author, who cannot
     * sign in, read the decision and appeal it. Replaced each time the e-mail is sent.
     */
    appealTokenHash: text("appeal_token_hash"),
  },
  (table) => [
    index("moderation_notices_user_idx").on(table.userId, table.createdAt.desc()),
    index("moderation_notices_unmailed_idx").on(table.createdAt).where(sql`${table.mailedAt} is null`),
    uniqueIndex("moderation_notices_token_idx").on(table.appealTokenHash),
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
  },
  (table) => [index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);
