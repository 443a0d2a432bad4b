// Tips, the demo gardeners' cards, likes and uploaded photos.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { TipWhen } from "#shared/calendar/tip-when.ts";
import { CATEGORIES, MAX_TIP_CROPS } from "#shared/constants.ts";
import { users } from "./accounts.ts";
import { availabilityEnum, difficultyEnum, gardenerStatusEnum, reportReasonEnum, roleEnum } from "./enums.ts";
import { photos } from "./photos.ts";

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

export const tips = pgTable(
  "tips",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    plantType: text("plant_type").notNull(),
    difficulty: difficultyEnum("difficulty").notNull(),
    description: text("description").notNull(),
    /** A picture linked from elsewhere, or a shipped one (/images/...); an uploaded photo is `photoHash`. */
    images: text("images"),
    /** The uploaded photo the tip shows. */
    photoHash: text("photo_hash").references(() => photos.hash),
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
    /**
     * Its author deleted their account (users.departure, ADR 089), copied as the name is: the tip shows
     * "Former gardener" with no page to link, or, when nothing was to stay, a placeholder for its replies.
     */
    authorGone: boolean("author_gone").notNull().default(false),
    /** Neither the tip nor its author is on hold: every public read asks this, with `availability`. */
    shown: boolean("shown").generatedAlwaysAs(sql.raw(`"hold" is null and not "author_held"`)),
    /**
     * What `q` searches, kept with the row (migration 0008) rather than computed again for every row a
     * search looks at: a broad search at a million tips scans a third less time (ADR 022).
     */
    searchText: text("search_text").generatedAlwaysAs(tipSearchText),
    /**
     * The garden calendar's crops the tip is about (their slugs, ADR 091), checked against the crop list
     * when written: its crop pages list it, and Browse Tips filters by it.
     */
    crops: text("crops").array().notNull().default(sql`'{}'::text[]`),
    /**
     * When the advice is for (ADR 095): weeks from a frost or months in a hemisphere, as the API's
     * TipWhen checked it; null when the author gave none.
     */
    when: jsonb("sow_when").$type<TipWhen>(),
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
    index("tips_photo_idx").on(table.photoHash),
    // A crop's tips (its page, Browse Tips by crop): the tips whose list holds the slug.
    index("tips_crops_idx").using("gin", table.crops),
    check("tips_total_liked_check", sql`${table.totalLiked} >= 0`),
    check("tips_sow_when_check", sql`${table.when} is null or ${table.when}->>'kind' in ('frost', 'months')`),
    check("tips_crops_check", sql`cardinality(${table.crops}) <= ${sql.raw(String(MAX_TIP_CROPS))}`),
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

/**
 * Each author's tips anyone may see (public and shown) and the likes those tips hold, kept by triggers on
 * tips (drizzle/0037, ADR 069): a gardener page and the cards read them instead of counting the tips.
 */
export const gardenerFigures = pgTable("gardener_figures", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  publicTips: integer("public_tips").notNull().default(0),
  likesReceived: integer("likes_received").notNull().default(0),
});

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
 * Who uploaded which photo and when (ADR 021): one row per account and photo, its time renewed by each
 * upload. A photo that no tip or profile shows is deleted once its newest upload is a day old
 * (modules/uploads/uploads.service.ts).
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    hash: text("hash")
      .notNull()
      .references(() => photos.hash, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.hash, table.ownerId] }),
    index("photo_uploads_uploaded_idx").on(table.uploadedAt),
    index("photo_uploads_owner_idx").on(table.ownerId),
  ],
);
