// Reports, cases, decisions, notices and the log of every moderation action.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import {
  moderationActionEnum,
  noticeKindEnum,
  reportReasonEnum,
  reportStateEnum,
  reportTargetEnum,
} from "./enums.ts";

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

/** What a report and a case are about: one item, and whose it is. */
const aboutAnItem = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  targetType: reportTargetEnum("target_type").notNull(),
  /** The tip's or comment's id, the gardener's account id, or the photo's hash. */
  targetId: text("target_id").notNull(),
  /** Whose item it is: the tip's or comment's author, the gardener, the photo's uploader. */
  authorId: text("author_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});

/**
 * Members' reports of a tip, a comment, a gardener page or an uploaded photo (ADR 040). One open report
 * per member and item; `weight` is fixed when it is made (2 for an established member, else 1), so the
 * weight of an item's reports does not move when its reporters' standing does.
 */
export const reports = pgTable(
  "reports",
  {
    ...aboutAnItem(),
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
    /** Where it was sent from, as lib/security/client-ip.ts's `addressTag`: reports from one address count once. */
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
    ...aboutAnItem(),
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
    /**
     * What the queue orders by, heaviest first (ADR 070): the weight of its open reports, or for an appeal
     * of the reports of the decision it appeals. Kept by triggers on reports and cases (drizzle/0038).
     */
    weight: integer("weight").notNull().default(0),
    /**
     * Since when it waits for a decision: its oldest open report, or for an appeal when it was filed; null
     * while no report of it is open. Kept with `weight`.
     */
    waitingSince: timestamp("waiting_since", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    // The queue in its order, holding only the cases that wait: its first page is the index's first rows.
    index("moderation_cases_queue_idx")
      .on(table.weight.desc().nullsFirst(), table.waitingSince, table.id)
      .where(sql`${table.state} = 'open' and ${table.waitingSince} is not null`),
    uniqueIndex("moderation_cases_one_open_idx")
      .on(table.targetType, table.targetId)
      .where(sql`${table.state} = 'open' and ${table.appealOf} is null`),
    uniqueIndex("moderation_cases_one_appeal_idx").on(table.appealOf),
    index("moderation_cases_state_idx").on(table.state, table.openedAt),
    index("moderation_cases_author_idx").on(table.authorId, table.decidedAt),
  ],
);

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
