import { z } from "zod";
import { TEAM_ROLES } from "../constants.ts";
import { writtenText } from "./common.ts";
import { HoldSchema } from "./hold.ts";
import { PhotoViewSchema } from "./photo.ts";

/** How long a comment is, in characters, once trimmed. */
const COMMENT_LENGTH = { min: 2, max: 5000 } as const;
/** Comments on one page of a tip's comments, and the most one page may ask for. */
const COMMENTS_PAGE_SIZE = 50;

/** A comment's text: plain text, line breaks kept, never HTML. */
const CommentBodySchema = writtenText("Comment is required", "Comment", (text) =>
  text
    .min(1, "Comment is required")
    .min(COMMENT_LENGTH.min, `Comment must be at least ${COMMENT_LENGTH.min} characters`)
    .max(COMMENT_LENGTH.max, `Comment must be at most ${COMMENT_LENGTH.max} characters`),
);

/** A new comment: on the tip, or a reply (`replyTo`: any comment of its thread). */
export const CommentInputSchema = z
  .object({
    body: CommentBodySchema,
    replyTo: z.uuid({ error: "replyTo must be a comment's id" }).nullish(),
  })
  .meta({ id: "CommentInput" });

export const CommentEditSchema = z.object({ body: CommentBodySchema }).meta({ id: "CommentEdit" });

export const CommentSchema = z
  .object({
    _id: z.string(),
    tipId: z.string(),
    /** The top-level comment a reply belongs to; null for a top-level comment. */
    threadId: z.string().nullable(),
    /** Empty when the comment was deleted: it stays as "[deleted]" for its replies. */
    body: z.string(),
    deleted: z.boolean(),
    /**
     * Hidden pending review: everyone but its author gets it without its text or author ("Hidden pending
     * review" in its place); its author gets both, and `hold` says why.
     */
    hidden: z.boolean(),
    /**
     * Hidden by a moderator's decision ("Removed by the moderators" in its place), not pending one
     * ("Hidden pending review"). False while it shows.
     */
    removed: z.boolean(),
    /** Only to its author, and only while it is hidden: why, and whether they asked for it back. */
    hold: HoldSchema.optional(),
    /** Null once deleted, and for anyone but its author while it is hidden. */
    author: z
      .object({
        name: z.string(),
        handle: z.string(),
        image: z.string(),
        photo: PhotoViewSchema.optional(),
        /** Only for the team: shown as a badge beside the name. */
        role: z.enum(TEAM_ROLES).optional(),
        /** Only when they deleted their account: "Former gardener", with no page to link. */
        gone: z.literal(true).optional(),
      })
      .nullable(),
    createdAt: z.string(),
    /** When it was last changed after its first 5 minutes; null if never. */
    editedAt: z.string().nullable(),
    /** Until when its author may still change it. */
    editableUntil: z.string(),
    /** Whether the caller may change it now: its author, within `editableUntil`. False for a visitor. */
    canEdit: z.boolean(),
    /** Whether the caller may delete it: its author or the tip's. False for a visitor. */
    canDelete: z.boolean(),
  })
  .meta({ id: "Comment" });
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(COMMENTS_PAGE_SIZE, `limit must be at most ${COMMENTS_PAGE_SIZE}`)
    .default(COMMENTS_PAGE_SIZE),
  cursor: z.string().max(200, "cursor is malformed; pass back an X-Next-Cursor value").optional(),
});
