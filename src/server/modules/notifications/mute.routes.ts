import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { MuteStateSchema, ThreadMuteStateSchema } from "#shared/schemas/notification.ts";
import { comments, threadMutes, tipMutes } from "../../db/schema.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { errorResponses, jsonAnswer, onePath } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireUser } from "../../lib/security/session.ts";
import { findVisibleComment } from "../comments/index.ts";
import { findVisibleTip } from "../tips/index.ts";

const NO_TIP = "Tip not found";
const NO_COMMENT = "Comment not found";
const limited = rateLimit<SignedInEnv>("mute", (c) => c.var.user.id);

/** A route about the member's mute of a tip: signed in, the tip named, the same answer. */
const muteRoute = onePath({
  path: "/tips/{id}/mute",
  tags: ["Notifications"],
  middleware: [requireUser("Sign in to mute a tip"), limited] as const,
  request: { params: idParam("tip", NO_TIP) },
  responses: {
    200: jsonAnswer("Whether the tip is muted for you, and which of its threads", MuteStateSchema),
    ...errorResponses({ 404: NO_TIP }),
  },
});

/** A route about the member's mute of a thread: signed in, a comment of it named, the same answer. */
const threadRoute = onePath({
  path: "/comments/{id}/mute",
  tags: ["Notifications"],
  middleware: [requireUser("Sign in to mute a thread"), limited] as const,
  request: { params: idParam("comment", NO_COMMENT) },
  responses: {
    200: jsonAnswer("Whether the comment's thread is muted for you", ThreadMuteStateSchema),
    ...errorResponses({ 404: NO_COMMENT }),
  },
});

/** Whether the member muted the tip, and the threads of it they muted. */
async function tipState(c: Context<SignedInEnv>, tipId: string) {
  const { db, user } = c.var;
  const [[muted], threads] = await Promise.all([
    db
      .select({ tipId: tipMutes.tipId })
      .from(tipMutes)
      .where(and(eq(tipMutes.userId, user.id), eq(tipMutes.tipId, tipId))),
    db
      .select({ id: threadMutes.commentId })
      .from(threadMutes)
      .innerJoin(comments, eq(comments.id, threadMutes.commentId))
      .where(and(eq(threadMutes.userId, user.id), eq(comments.tipId, tipId))),
  ]);
  return { muted: Boolean(muted), mutedThreads: threads.map((t) => t.id) };
}

/** The first comment of the thread the comment `id` is in, if the member may see the comment. */
async function threadOf(c: Context<SignedInEnv>, id: string) {
  const comment = await findVisibleComment(c.var.db, id, c.var.user.id);
  if (!comment) throw new HttpError(404, NO_COMMENT);
  return comment.threadId;
}

/** A member's mutes of tips and threads (ADR 082): private, idempotent, only of what they may see. */
export const muteRouter = createRouter()
  .openapi(
    muteRoute(
      "get",
      "getTipMute",
      "Whether you muted a tip",
      "And which of its threads you muted. 404 for a tip you may not see and did not mute.",
    ),
    async (c) => {
      const { id } = c.req.valid("param");
      const state = await tipState(c, id);
      if (!state.muted && !(await findVisibleTip(c.var.db, id, c.var.user.id)))
        throw new HttpError(404, NO_TIP);
      return c.json(state, 200);
    },
  )
  .openapi(
    muteRoute(
      "put",
      "muteTip",
      "Mute a tip",
      "Nothing about the tip reaches you any more (comments, replies, mentions, likes) until you unmute it; again is the same. Nobody else knows. 404 for a tip you may not see.",
    ),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!(await findVisibleTip(c.var.db, id, c.var.user.id))) throw new HttpError(404, NO_TIP);
      await c.var.db.insert(tipMutes).values({ userId: c.var.user.id, tipId: id }).onConflictDoNothing();
      return c.json(await tipState(c, id), 200);
    },
  )
  .openapi(
    muteRoute(
      "delete",
      "unmuteTip",
      "Unmute a tip",
      "What happens on the tip reaches you again (but a thread of it you muted stays muted); again is the same. 404 for a tip you may not see and did not mute.",
    ),
    async (c) => {
      const { id } = c.req.valid("param");
      const removed = await c.var.db
        .delete(tipMutes)
        .where(and(eq(tipMutes.userId, c.var.user.id), eq(tipMutes.tipId, id)))
        .returning({ tipId: tipMutes.tipId });
      if (removed.length === 0 && !(await findVisibleTip(c.var.db, id, c.var.user.id)))
        throw new HttpError(404, NO_TIP);
      return c.json(await tipState(c, id), 200);
    },
  )
  .openapi(
    threadRoute(
      "put",
      "muteThread",
      "Mute a thread",
      "Replies in the thread of this comment (any of its comments names it), and mentions of you there, reach you no more until you unmute it; the rest of the tip still does. Again is the same; nobody else knows. 404 for a comment you may not see.",
    ),
    async (c) => {
      const thread = await threadOf(c, c.req.valid("param").id);
      await c.var.db
        .insert(threadMutes)
        .values({ userId: c.var.user.id, commentId: thread })
        .onConflictDoNothing();
      return c.json({ muted: true, thread }, 200);
    },
  )
  .openapi(
    threadRoute(
      "delete",
      "unmuteThread",
      "Unmute a thread",
      "What is said in the thread of this comment reaches you again; again is the same. 404 for a comment you may not see.",
    ),
    async (c) => {
      const thread = await threadOf(c, c.req.valid("param").id);
      await c.var.db
        .delete(threadMutes)
        .where(and(eq(threadMutes.userId, c.var.user.id), eq(threadMutes.commentId, thread)));
      return c.json({ muted: false, thread }, 200);
    },
  );
