import { z } from "zod";
import { SEASONS } from "../seasons.ts";
import { writtenText } from "./common.ts";
import { TipSchema } from "./tip.ts";

/** The most a bookmark's note holds, in characters. */
export const BOOKMARK_NOTE_MAX = 100;
/** The furthest ahead a reminder may be set: beyond it, plans change. */
export const REMINDER_MAX_DAYS = 731;
/** How long a bookmark of a deleted tip stays, saying so, before it goes. */
export const GONE_BOOKMARK_DAYS = 3;
/** The most bookmarks one account keeps. */
export const BOOKMARKS_MAX = 2000;
/** Bookmarks a page, newest first. */
const BOOKMARKS_PAGE_SIZE = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reminder's time: an instant with its offset, in the future and at most two years ahead. */
const ReminderTimeSchema = z.iso
  .datetime({ offset: true, error: "remindAt must be a date and time, such as 2027-03-01T08:00:00Z" })
  .refine((value) => Date.parse(value) > Date.now(), "The reminder must be in the future")
  .refine(
    (value) => Date.parse(value) <= Date.now() + REMINDER_MAX_DAYS * DAY_MS,
    "The reminder may be at most two years ahead",
  );

/**
 * Saving a tip for later: an optional note and an optional reminder, a time (`remindAt`) or the start of a
 * season in the member's hemisphere (`remindSeason`), not both. Saving again replaces both.
 */
export const BookmarkInputSchema = z
  .object({
    note: writtenText("The note must be text", "The note", (text) =>
      text.max(BOOKMARK_NOTE_MAX, `The note must be at most ${BOOKMARK_NOTE_MAX} characters`),
    )
      .refine((value) => !/[\n\r]/.test(value), "The note must be one line")
      .optional()
      .default(""),
    remindAt: ReminderTimeSchema.nullish(),
    remindSeason: z.enum(SEASONS, { error: `remindSeason must be one of ${SEASONS.join(", ")}` }).nullish(),
  })
  .refine((input) => !(input.remindAt && input.remindSeason), {
    path: ["remindSeason"],
    message: "Give remindAt or remindSeason, not both",
  })
  .meta({ id: "BookmarkInput" });
export type BookmarkInput = z.input<typeof BookmarkInputSchema>;

/** Whether the caller saved a tip, with their note and reminder. */
export const BookmarkStateSchema = z
  .object({
    bookmarked: z.boolean(),
    note: z.string(),
    /** When the reminder comes back; for a season, the day it was resolved to. */
    remindAt: z.string().nullable(),
    remindSeason: z.enum(SEASONS).nullable(),
  })
  .meta({ id: "BookmarkState" });
export type BookmarkState = z.infer<typeof BookmarkStateSchema>;

/** One of the caller's bookmarks, with the tip as they may see it now. */
export const BookmarkSchema = z
  .object({
    tipId: z.string(),
    note: z.string(),
    remindAt: z.string().nullable(),
    remindSeason: z.enum(SEASONS).nullable(),
    /** When its reminder came back; null before. */
    remindedAt: z.string().nullable(),
    createdAt: z.string(),
    /** The tip; left out when it was deleted or is no longer one the caller may see. */
    tip: TipSchema.optional(),
    /** Only for a deleted tip: its title when it was public, and when the bookmark goes. */
    gone: z.object({ title: z.string().nullable(), goesAt: z.string() }).nullable(),
  })
  .meta({ id: "Bookmark" });
export type Bookmark = z.infer<typeof BookmarkSchema>;

export const BookmarkListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(BOOKMARKS_PAGE_SIZE * 5, `limit must be at most ${BOOKMARKS_PAGE_SIZE * 5}`)
    .default(BOOKMARKS_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^\d{1,17}_[0-9a-f-]{36}$/, "cursor is malformed; pass back an X-Next-Cursor value")
    .optional(),
});
