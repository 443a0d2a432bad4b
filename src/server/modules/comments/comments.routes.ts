import { z } from "zod";
import { NEXT_CURSOR_HEADER, REVIEW_ALREADY_ASKED, TOTAL_COUNT_HEADER } from "#shared/constants.ts";
import {
  CommentEditSchema,
  CommentInputSchema,
  CommentListQuerySchema,
  CommentSchema,
} from "#shared/schemas/comment.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import type { PublicTable } from "../../lib/cache/public-cache.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { badQueryParameter, HttpError } from "../../lib/requests/errors.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { readableCommentCount } from "../../lib/rules/comment-counts.ts";
import { checkNewcomerLinks } from "../../lib/rules/newcomers.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { getSessionUser, optionalUser, requirePoster, requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { accountCreatedAt, findTipToAnswer, findVisibleTip } from "../tips/index.ts";
import { toComment } from "./comment-dto.ts";
import {
  addComment,
  BadCursorError,
  deleteComment,
  editComment,
  findVisibleComment,
  listComments,
  NoSuchCommentError,
  RepeatedCommentError,
  replyAnswersBlocker,
} from "./comments.service.ts";

const NO_TIP = "Tip not found";
const NO_COMMENT = "Comment not found";
const REPEATED = "You posted this same comment a moment ago";
const VERIFY_FIRST = "Verify your e-mail address before you comment: use the link we sent you";
const BLOCKED = "The author of this tip has blocked you: you cannot comment on their tips";
const REPLY_BLOCKED = "This member has blocked you: you cannot reply to their comments or in their threads";

const tipParam = idParam("tip", NO_TIP);
const commentParam = idParam("comment", NO_COMMENT);

/**
 * What a page of a tip's comments reads: the tip, its comments, their authors (names, photos,
 * suspensions), held photos, and the open cases that tell a comment pending review from a removed one.
 */
const COMMENT_PAGE_TABLES: readonly PublicTable[] = [
  "tips",
  "comments",
  "users",
  "photo_holds",
  "moderation_cases",
];

const listCommentsRoute = apiRoute({
  method: "get",
  path: "/tips/{id}/comments",
  operationId: "listComments",
  tags: ["Comments"],
  summary: "A tip's comments",
  description:
    "Oldest thread first, each thread's replies after it, oldest first; at most 50 a page. Pass X-Next-Cursor back as `cursor` for the next page. X-Total-Count is how many the caller can read: not deleted ones (\"[deleted]\" for their replies), nor placeholders of comments hidden pending review or removed by the moderators; a signed-in caller's count adds their own comments on hold and leaves out those of members they blocked. Whoever may see the tip may read them; anyone else gets 404.",
  middleware: optionalUser(),
  request: { params: tipParam, query: CommentListQuerySchema },
  responses: {
    200: {
      description: "One page of comments",
      headers: z.object({
        [TOTAL_COUNT_HEADER]: z.string().meta({ description: "The tip's comments" }),
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(CommentSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters", 404: NO_TIP }),
  },
});

const addCommentRoute = apiRoute({
  method: "post",
  path: "/tips/{id}/comments",
  operationId: "addComment",
  tags: ["Comments"],
  summary: "Comment on a tip",
  description:
    "Plain text, 2 to 5,000 characters, line breaks kept. `replyTo` answers a comment: a reply to a reply joins its thread (one level). Only verified accounts comment (422 before). The same text on the same tip within 5 minutes is refused with 409. An account younger than a day may put at most 2 links in a comment (422). A member the tip's author blocked may not comment on it, and a member blocked by a comment's author may not reply to it or in its thread (403).",
  middleware: [
    requirePoster("Sign in to comment"),
    rateLimit<SignedInEnv>("comment", async (c) => ({
      account: c.var.user.id,
      createdAt: await accountCreatedAt(c),
    })),
  ] as const,
  request: {
    params: tipParam,
    body: { content: { "application/json": { schema: CommentInputSchema } }, required: true },
  },
  responses: {
    201: { description: "The comment", content: { "application/json": { schema: CommentSchema } } },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      403: "The account is on hold, or the tip's author (or the author of the comment or thread answered) has blocked the caller",
      404: NO_TIP,
      409: REPEATED,
      422: `${VERIFY_FIRST}; or too many links for a new account`,
    }),
  },
});

const editCommentRoute = apiRoute({
  method: "patch",
  path: "/comments/{id}",
  operationId: "editComment",
  tags: ["Comments"],
  summary: "Change your comment",
  description:
    "Its author only, until `editableUntil` (24 hours for an account younger than a day when it wrote it, 30 days for others). A change after the first 5 minutes sets `editedAt`.",
  middleware: [
    requirePoster("Sign in to change your comment"),
    rateLimit<SignedInEnv>("editComment", (c) => c.var.user.id),
  ] as const,
  request: {
    params: commentParam,
    body: { content: { "application/json": { schema: CommentEditSchema } }, required: true },
  },
  responses: {
    200: {
      description: "The comment as it is now",
      content: { "application/json": { schema: CommentSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      403: "Not your comment, or too late to change it",
      404: NO_COMMENT,
      422: "Too many links for a new account",
    }),
  },
});

const deleteCommentRoute = apiRoute({
  method: "delete",
  path: "/comments/{id}",
  operationId: "deleteComment",
  tags: ["Comments"],
  summary: "Delete a comment",
  description:
    'Its author, or the author of the tip it is on. A comment others answered stays as "[deleted]" so its thread keeps its shape.',
  middleware: [
    requireUser("Sign in to delete a comment"),
    rateLimit<SignedInEnv>("editComment", (c) => c.var.user.id),
  ] as const,
  request: { params: commentParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses({ 403: "Neither your comment nor on your tip", 404: NO_COMMENT }),
  },
});

/** The comment `id` names as the caller may see it: 404 when it is gone, or on a tip they may not see. */
async function visibleComment(c: { var: SignedInEnv["Variables"] }, id: string) {
  const row = await findVisibleComment(c.var.db, id, c.var.user.id);
  if (!row) throw new HttpError(404, NO_COMMENT);
  return row;
}

export const commentsRouter = createRouter()
  .openapi(listCommentsRoute, async (c) => {
    const user = await getSessionUser(c);
    const tip = await findVisibleTip(c.var.db, c.req.valid("param").id, user?.id ?? null);
    if (!tip) throw new HttpError(404, NO_TIP);
    let page: Awaited<ReturnType<typeof listComments>>;
    try {
      page = await listComments(c.var.db, tip.id, { ...c.req.valid("query"), readerId: user?.id ?? null });
    } catch (error) {
      if (error instanceof BadCursorError) throw badQueryParameter("cursor", error.message);
      throw error;
    }
    c.header(TOTAL_COUNT_HEADER, String(await readableCommentCount(c.var.db, tip, user?.id ?? null)));
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    // Kept as the tip is (ADR 074): a visitor's page for every visitor; a member's with their session, as
    // it shows their own comments on hold, leaves out those of members they blocked, and says which of
    // their comments they may still edit (so it goes stale by itself when the first of those times ends).
    if (user) {
      const editable = page.rows
        .filter((row) => row.authorId === user.id && row.editableUntil.getTime() > Date.now())
        .map((row) => row.editableUntil.getTime());
      markPublic(c, "member", [...COMMENT_PAGE_TABLES, "blocks"], {
        until: editable.length > 0 ? Math.min(...editable) : undefined,
      });
    } else markPublic(c, "visitor", COMMENT_PAGE_TABLES);
    c.header("Vary", "Cookie");
    const images = imagesOf(c);
    return c.json(
      page.rows.map((row) => toComment(row, { userId: user?.id ?? null, tipAuthorId: tip.authorId }, images)),
      200,
    );
  })
  .openapi(addCommentRoute, async (c) => {
    const { user } = c.var;
    const tip = await findTipToAnswer(c.var.db, c.req.valid("param").id, user.id);
    if (!tip) throw new HttpError(404, NO_TIP);
    if (!user.emailVerified) throw new HttpError(422, VERIFY_FIRST);
    if (tip.authorBlockedViewer) throw new HttpError(403, BLOCKED);
    const { body, replyTo } = c.req.valid("json");
    if (replyTo && (await replyAnswersBlocker(c.var.db, replyTo, user.id)))
      throw new HttpError(403, REPLY_BLOCKED);
    const createdAt = await accountCreatedAt(c);
    await checkNewcomerLinks("comment", [body], {
      emailVerified: user.emailVerified,
      createdAt: async () => createdAt,
    });
    try {
      const row = await addComment(c.var.db, {
        tipId: tip.id,
        authorId: user.id,
        body,
        replyTo,
        accountCreatedAt: createdAt,
      });
      return c.json(toComment(row, { userId: user.id, tipAuthorId: tip.authorId }, imagesOf(c)), 201);
    } catch (error) {
      if (error instanceof RepeatedCommentError) throw new HttpError(409, REPEATED);
      if (error instanceof NoSuchCommentError)
        throw new HttpError(400, "replyTo names no comment on this tip", [
          { path: "replyTo", message: "names no comment on this tip" },
        ]);
      throw error;
    }
  })
  .openapi(editCommentRoute, async (c) => {
    const row = await visibleComment(c, c.req.valid("param").id);
    if (row.authorId !== c.var.user.id) throw new HttpError(403, "Only its author may change a comment");
    if (row.editableUntil.getTime() < Date.now())
      throw new HttpError(403, "The time to change this comment has passed");
    if (row.hold && row.holdReviewAskedAt) throw new HttpError(403, REVIEW_ALREADY_ASKED);
    const { body } = c.req.valid("json");
    await checkNewcomerLinks("comment", [body], {
      emailVerified: c.var.user.emailVerified,
      createdAt: () => accountCreatedAt(c),
    });
    const reader = { userId: c.var.user.id, tipAuthorId: row.tipAuthorId };
    return c.json(toComment(await editComment(c.var.db, row, body), reader, imagesOf(c)), 200);
  })
  .openapi(deleteCommentRoute, async (c) => {
    const row = await visibleComment(c, c.req.valid("param").id);
    if (row.authorId !== c.var.user.id && row.tipAuthorId !== c.var.user.id)
      throw new HttpError(403, "Only its author or the tip's author may delete a comment");
    await deleteComment(c.var.db, row);
    return c.body(null, 204);
  });
