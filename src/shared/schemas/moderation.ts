import { z } from "zod";
import {
  APPEAL_NOTE_MAX,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  ROLES,
  SUSPENSION_HOURS,
} from "../constants.ts";
import { writtenText } from "./common.ts";
import { PhotoViewSchema } from "./photo.ts";

/** How long the reason given for a moderation action is, in characters, once trimmed. */
const REASON_LENGTH = { min: 3, max: 1000 } as const;
/** Entries on one page of the moderation log. */
const LOG_PAGE_SIZE = 50;

/** Why a moderator or administrator acted: plain text, kept in the moderation log. */
const ModerationReasonSchema = writtenText("Reason is required", "Reason", (text) =>
  text
    .min(1, { error: "Reason is required", abort: true })
    .min(REASON_LENGTH.min, `Reason must be at least ${REASON_LENGTH.min} characters`)
    .max(REASON_LENGTH.max, `Reason must be at most ${REASON_LENGTH.max} characters`),
);

/** Appointing a moderator (`moderator`), or ending an appointment (`member`), and why, for the log. */
export const RoleChangeSchema = z
  .object({
    role: z.enum(["moderator", "member"], { error: 'role must be "moderator" or "member"' }),
    reason: ModerationReasonSchema,
  })
  .meta({ id: "RoleChange" });

/** A member of the moderation team: an administrator or a moderator. */
export const TeamMemberSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    image: z.string(),
    photo: PhotoViewSchema.optional(),
    role: z.enum(ROLES),
  })
  .meta({ id: "TeamMember" });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** Someone named in the log: an account (its name and handle when the entry was written), or the site. */
const LogPartySchema = z.object({
  /** Null for the site itself ("system"), or an account since deleted. */
  handle: z.string().nullable(),
  name: z.string(),
});

export const LogEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: LogPartySchema,
    /** What was done: `appoint_moderator`, `remove_moderator`, `grant_administrator`, `revoke_administrator`, ... */
    action: z.string(),
    target: z.object({ type: z.string(), id: z.string() }),
    /** The member the action concerns; null when it concerns no account. */
    member: LogPartySchema.nullable(),
    reason: z.string(),
    /** The item or account as it was before and after the action (the fields the action changed). */
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    /**
     * A moderator's decision that an administrator may still undo (POST /moderation/log/{id}/undo): not a
     * deletion, an appeal's answer, a decision replaced, undone, appealed or reversed on appeal.
     */
    undoable: z.boolean(),
  })
  .meta({ id: "ModerationLogEntry" });

/** An administrator's undoing of a decision: why, for the log. */
export const UndoInputSchema = z.object({ reason: ModerationReasonSchema }).meta({ id: "UndoInput" });
export type LogEntry = z.infer<typeof LogEntrySchema>;

const handleFilter = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_]{2,25}$/, `${name} must be a gardener's handle`)
    .optional();

/** Whether YYYY-MM-DD names a day of the calendar (no 30 February, which Date would roll into March). */
const isCalendarDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

const dayFilter = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date, YYYY-MM-DD`, abort: true })
    .refine(isCalendarDay, `${name} must be a real date`)
    .optional();

export const LogQuerySchema = z
  .object({
    /** Only the actions of this moderator or administrator. */
    moderator: handleFilter("moderator"),
    /** Only the actions concerning this member. */
    member: handleFilter("member"),
    /** From this day (UTC) on. */
    from: dayFilter("from"),
    /** Up to and including this day (UTC). */
    to: dayFilter("to"),
    limit: z.coerce
      .number({ error: "limit must be a whole number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(LOG_PAGE_SIZE, `limit must be at most ${LOG_PAGE_SIZE}`)
      .default(LOG_PAGE_SIZE),
    cursor: z
      .string()
      .regex(/^\d{1,10}$/, "cursor is malformed; pass back an X-Next-Cursor value")
      .optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "to must not be before from",
  });

/** How long a report's note is, in characters, once trimmed. */
const NOTE_MAX = 1000;

export const ReportInputSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS, { error: `targetType must be one of ${REPORT_TARGETS.join(", ")}` }),
    /** A tip's or comment's _id, a gardener's handle, or an uploaded photo's URL or hash. */
    targetId: z
      .string({ error: "targetId is required" })
      .trim()
      .min(1, { error: "targetId is required", abort: true })
      .max(2000, "targetId is too long"),
    reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(", ")}` }),
    note: writtenText("Note must be text", "Note", (text) =>
      text.max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
    )
      .optional()
      .default(""),
  })
  .meta({ id: "ReportInput" });

export const ReportSchema = z
  .object({
    _id: z.string(),
    targetType: z.enum(REPORT_TARGETS),
    /** As the reporter names it: a tip's or comment's _id, a gardener's handle, a photo's hash. */
    targetId: z.string(),
    /** The item reported, as the reporter can tell it from others. */
    item: z.object({
      /** What they saw when they reported it: a tip's title, a comment's first words, a page's name; null for a photo. */
      label: z.string().nullable(),
      /** Where it is on the site while they can see it; null once it is hidden, removed or gone. */
      path: z.string().nullable(),
    }),
    /** Only in the answer to a report that repeats one of the caller's still open (200): that report. */
    alreadyReported: z.boolean().optional(),
    reason: z.enum(REPORT_REASONS),
    note: z.string(),
    createdAt: z.string(),
    /** `open` until a moderator decides. */
    status: z.enum(["open", "closed"]),
    /** What was decided: `removed` ("we removed it") or `kept` ("we reviewed it and left it up"). */
    outcome: z.enum(["removed", "kept"]).nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "Report" });
export type Report = z.infer<typeof ReportSchema>;

export const ReportListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(LOG_PAGE_SIZE, `limit must be at most ${LOG_PAGE_SIZE}`)
    .default(LOG_PAGE_SIZE),
  cursor: z.uuid({ error: "cursor is malformed; pass back an X-Next-Cursor value" }).optional(),
});

const DURATION_ERROR = `durationHours must be one of ${SUSPENSION_HOURS.join(", ")}, or null for indefinitely`;

/** A moderator's decision on a case: the action, why (told to the author), and a suspension's length. */
export const DecisionInputSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: `action must be one of ${MODERATION_ACTIONS.join(", ")}` }),
    reason: ModerationReasonSchema,
    /** Only with `suspend`: one of 24, 72, 168, 720; left out (or null) for indefinitely. */
    durationHours: z
      .number({ error: DURATION_ERROR })
      .refine((hours) => (SUSPENSION_HOURS as readonly number[]).includes(hours), DURATION_ERROR)
      .nullish(),
  })
  .refine((input) => input.action === "suspend" || input.durationHours == null, {
    path: ["durationHours"],
    message: "durationHours goes only with suspend",
  })
  .meta({ id: "DecisionInput" });

/** A case once decided: what, why, by whom, when. */
export const DecisionSchema = z
  .object({
    caseId: z.string(),
    action: z.enum(MODERATION_ACTIONS),
    reason: z.string(),
    /** The suspension's length in hours; null for indefinitely or another action. */
    durationHours: z.number().int().nullable(),
    moderator: z.string(),
    decidedAt: z.string(),
  })
  .meta({ id: "Decision" });
export type Decision = z.infer<typeof DecisionSchema>;

/** One open case of the moderation queue. */
export const QueueItemSchema = z
  .object({
    _id: z.string(),
    targetType: z.enum(REPORT_TARGETS),
    /** As reports name it: a tip's or comment's _id, a gardener's handle, a photo's hash. */
    targetId: z.string(),
    /** The open reports' total weight: the queue is heaviest first. */
    weight: z.number().int(),
    /** When its oldest open report came. */
    waitingSince: z.string(),
    /** Waiting longer than 48 hours. */
    overdue: z.boolean(),
    item: z.object({
      gone: z.boolean(),
      hidden: z.boolean(),
      reviewAskedAt: z.string().nullable(),
      title: z.string().nullable(),
      text: z.string().nullable(),
      image: z.string().nullable(),
      path: z.string().nullable(),
    }),
    author: z.object({
      handle: z.string(),
      name: z.string(),
      held: z.boolean(),
      suspendedUntil: z.string().nullable(),
    }),
    reports: z.array(
      z.object({
        reason: z.enum(REPORT_REASONS),
        note: z.string(),
        weight: z.number().int(),
        createdAt: z.string(),
        reporter: z.object({
          handle: z.string(),
          name: z.string(),
          /** When the reporter's account was made: a report from a day-old account weighs nothing. */
          joinedAt: z.string(),
          /** The reporter's decided reports: upheld (the item was removed) and dismissed (left up). */
          record: z.object({ upheld: z.number().int(), dismissed: z.number().int() }),
          /**
           * Whether another reporter of this item sent theirs from the same address or made their account
           * there: such reports count once.
           */
          sharesAddress: z.boolean(),
        }),
      }),
    ),
    /**
     * When the item is here because its author appealed a decision: the decision, and the author's words.
     * Its reports are then the decision's.
     */
    appeal: z
      .object({
        note: z.string(),
        decision: z.object({
          action: z.enum(MODERATION_ACTIONS),
          reason: z.string(),
          durationHours: z.number().int().nullable(),
          moderator: z.string(),
          decidedAt: z.string(),
        }),
      })
      .nullable(),
    /** The author's earlier decided cases, newest first (at most 20). */
    history: z.array(
      z.object({
        targetType: z.enum(REPORT_TARGETS),
        action: z.enum(MODERATION_ACTIONS),
        reason: z.string(),
        decidedAt: z.string(),
      }),
    ),
  })
  .meta({ id: "QueueItem" });
export type QueueItem = z.infer<typeof QueueItemSchema>;

/** How many cases wait for the caller to decide them (the team's menus show it). */
export const QueueCountSchema = z.object({ waiting: z.number().int().min(0) }).meta({ id: "QueueCount" });

export const QueueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(100, "limit must be at most 100")
    .default(50),
});

/**
 * A decision about something the member posted, as they are told it: what, why, on which item, and
 * whether and until when they may appeal it.
 */
export const NoticeSchema = z
  .object({
    _id: z.string(),
    createdAt: z.string(),
    /** Seen in the site (or through the e-mail's link): the site stops pointing it out. */
    seen: z.boolean(),
    decision: z.object({
      /** The decided case: what an appeal names. */
      caseId: z.string(),
      action: z.enum(MODERATION_ACTIONS),
      reason: z.string(),
      /** A suspension's length in hours; null for indefinitely or another action. */
      durationHours: z.number().int().nullable(),
      decidedAt: z.string(),
      /** The decision answers the member's appeal: final. */
      answersAppeal: z.boolean(),
      /** When an administrator undid the decision (what it did is reversed); null while it stands. */
      undoneAt: z.string().nullable(),
    }),
    item: z.object({
      type: z.enum(REPORT_TARGETS),
      /** A tip's title or the page's name; null for a comment or photo. */
      title: z.string().nullable(),
      /** Where it is on the site; null for a photo or an item gone. */
      path: z.string().nullable(),
      gone: z.boolean(),
      hidden: z.boolean(),
    }),
    /** The member's suspension while it lasts: its end, or `indefinitely`; null when not suspended. */
    suspendedUntil: z.string().nullable(),
    appeal: z.object({
      /** Until when it may be appealed; null when it may not (a dismissal, an appeal's answer). */
      until: z.string().nullable(),
      /** The member's appeal, once filed: when, and what became of it. */
      filed: z
        .object({
          createdAt: z.string(),
          note: z.string(),
          /** `open` until a moderator answers it: `reversed` or `upheld`. */
          status: z.enum(["open", "reversed", "upheld"]),
        })
        .nullable(),
    }),
  })
  .meta({ id: "ModerationNotice" });
export type Notice = z.infer<typeof NoticeSchema>;

/** An appeal's words: why the decision is wrong. */
const AppealNoteSchema = writtenText("Tell the moderators why the decision is wrong", "An appeal", (text) =>
  text
    .min(1, { error: "Tell the moderators why the decision is wrong", abort: true })
    .max(APPEAL_NOTE_MAX, `An appeal must be at most ${APPEAL_NOTE_MAX} characters`),
);

/** The token of a decision e-mail's appeal link. */
const AppealTokenSchema = z
  .string({ error: "token must be text" })
  .min(1, "token is required")
  .max(200, "token is too long");

export const AppealInputSchema = z
  .object({
    /** The decision's `caseId`, from the notice. */
    caseId: z.uuid({ error: "caseId must be a decision's caseId" }),
    note: AppealNoteSchema,
    /** The decision e-mail's token, for an author who cannot sign in (a suspended one). */
    token: AppealTokenSchema.optional(),
  })
  .meta({ id: "AppealInput" });

export const AppealSchema = z
  .object({
    _id: z.string(),
    /** The decision appealed. */
    caseId: z.string(),
    note: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "Appeal" });
export type Appeal = z.infer<typeof AppealSchema>;

export const NoticeLookupSchema = z.object({ token: AppealTokenSchema }).meta({ id: "NoticeLookup" });

/** One month's removals for one reason, on the public moderation page: counts only, no names. */
export const RemovalCountSchema = z
  .object({
    /** The month, UTC: "2026-11". */
    month: z.string(),
    reason: z.enum(REPORT_REASONS),
    count: z.number().int(),
  })
  .meta({ id: "RemovalCount" });
export type RemovalCount = z.infer<typeof RemovalCountSchema>;
