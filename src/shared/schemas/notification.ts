import { z } from "zod";
import { MODERATION_ACTIONS, REPORT_TARGETS } from "../constants.ts";
import { PhotoViewSchema } from "./photo.ts";

export const NOTIFICATION_KINDS = [
  "comment",
  "reply",
  "mention",
  "like",
  "follow",
  "new_tip",
  "reminder",
  "decision",
  "outcome",
  "export",
  "sowing",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications a page, newest first. */
const NOTIFICATIONS_PAGE_SIZE = 20;
/** The most notifications one request may mark read by id. */
const READ_IDS_MAX = 100;

/** Someone who acted: who commented, liked, followed or shared. */
const ActorSchema = z.object({
  name: z.string(),
  handle: z.string(),
  image: z.string(),
  photo: PhotoViewSchema.optional(),
});

/** One notification, as its member reads it. */
export const NotificationSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    read: z.boolean(),
    /** When its first event happened. */
    createdAt: z.string(),
    /** When its latest event happened (a like group's newest like): the list's order. */
    updatedAt: z.string(),
    /** Who acted, newest first, at most three; none for a reminder or the moderators' word. */
    actors: z.array(ActorSchema),
    /** How many acted in all ("Ana and 4 others"). */
    actorCount: z.number().int(),
    /** From an account younger than a week the member does not follow: listed apart. */
    fromNewcomer: z.boolean(),
    /** The tip it is about, when it is about one. */
    tip: z.object({ _id: z.string(), title: z.string() }).optional(),
    /** The comment it is about (the first words), when it is about one. */
    comment: z.object({ _id: z.string(), excerpt: z.string() }).optional(),
    /**
     * The moderators' decision, for a `decision` (about something the member posted) or an `outcome` (of
     * the member's report): what was decided about which item.
     */
    moderation: z
      .object({
        action: z.enum(MODERATION_ACTIONS),
        /** The decision answers the member's appeal. */
        answersAppeal: z.boolean(),
        /** A suspension's length in hours; null for indefinitely or another action. */
        durationHours: z.number().int().nullable(),
        item: z.object({
          type: z.enum(REPORT_TARGETS),
          /** A tip's title, a comment's first words or a page's name, as the report saw it; null for a photo. */
          label: z.string().nullable(),
        }),
      })
      .optional(),
    /** For a `sowing` reminder: the crop whose window opens today in the member's garden. */
    crop: z.object({ slug: z.string(), name: z.string() }).optional(),
    /** Where opening it leads, in the site. */
    path: z.string(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(NOTIFICATIONS_PAGE_SIZE * 5, `limit must be at most ${NOTIFICATIONS_PAGE_SIZE * 5}`)
    .default(NOTIFICATIONS_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^\d{1,17}_[0-9a-f-]{36}$/, "cursor is malformed; pass back an X-Next-Cursor value")
    .optional(),
  newcomers: z
    .enum(["true", "false"], { error: "newcomers must be true or false" })
    .transform((value) => value === "true")
    .optional()
    .meta({ description: "true: only those from new members (younger than a week, not followed)" }),
});

/** How many notifications wait unread: `count` for the bell; those from new members apart. */
export const UnreadCountSchema = z
  .object({ count: z.number().int(), fromNewcomers: z.number().int() })
  .meta({ id: "UnreadCount" });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** Marks these read; without `ids`, every one. */
export const MarkReadSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: "ids must be notification ids" }), { error: "ids must be a list of ids" })
      .min(1, "ids must name at least one notification")
      .max(READ_IDS_MAX, `ids may name at most ${READ_IDS_MAX} notifications`)
      .optional(),
  })
  .meta({ id: "MarkRead" });

/** The e-mails a member may leave in one click from any of them. */
export const MAIL_STREAM_NAMES = ["replies", "mentions", "summary"] as const;

/** What an unsubscribe link names, and whether its member still gets those e-mails. */
export const UnsubscribeSchema = z
  .object({
    stream: z.enum(MAIL_STREAM_NAMES),
    /** The e-mails in words: "comments on your tips and replies to your comments". */
    about: z.string(),
    subscribed: z.boolean(),
  })
  .meta({ id: "Unsubscribe" });
export type Unsubscribe = z.infer<typeof UnsubscribeSchema>;

/**
 * Whether the member muted a tip (nothing about it reaches them while it is), and which of its threads
 * they muted (by each thread's first comment).
 */
export const MuteStateSchema = z
  .object({ muted: z.boolean(), mutedThreads: z.array(z.uuid()) })
  .meta({ id: "MuteState" });
export type MuteState = z.infer<typeof MuteStateSchema>;

/** Whether the member muted a thread: its replies and mentions reach them no more while it is. */
export const ThreadMuteStateSchema = z
  .object({ muted: z.boolean(), thread: z.uuid() })
  .meta({ id: "ThreadMuteState" });
export type ThreadMuteState = z.infer<typeof ThreadMuteStateSchema>;
