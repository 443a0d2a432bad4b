import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { MuteStateSchema } from "#shared/schemas/notification.ts";
import { tipMutes } from "../../db/schema.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { errorResponses, jsonAnswer, onePath } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireUser } from "../../lib/security/session.ts";
import { findVisibleTip } from "../tips/index.ts";

const SIGN_IN = "Sign in to mute a tip";
const NO_TIP = "Tip not found";
const tipParam = idParam("tip", NO_TIP);
const answer = jsonAnswer("Whether the tip is muted for you", MuteStateSchema);
const limited = rateLimit<SignedInEnv>("mute", (c) => c.var.user.id);

/** A route about the member's mute of a tip: signed in, the tip named, the same answer. */
const muteRoute = onePath({
  path: "/tips/{id}/mute",
  tags: ["Notifications"],
  middleware: [requireUser(SIGN_IN), limited] as const,
  request: { params: tipParam },
  responses: { 200: answer, ...errorResponses({ 404: NO_TIP }) },
});

const getRoute = muteRoute(
  "get",
  "getTipMute",
  "Whether you muted a tip",
  "404 for a tip you may not see and did not mute.",
);
const putRoute = muteRoute(
  "put",
  "muteTip",
  "Mute a tip",
  "Nothing about the tip reaches you any more (comments, replies, mentions, likes) until you unmute it; again is the same. Nobody else knows. 404 for a tip you may not see.",
);
const deleteRoute = muteRoute(
  "delete",
  "unmuteTip",
  "Unmute a tip",
  "What happens on the tip reaches you again; again is the same. 404 for a tip you may not see and did not mute.",
);

/** Whether the member muted the tip, and whether they may see it. */
async function stateOf(c: Context<SignedInEnv>, tipId: string) {
  const { db, user } = c.var;
  const [muted] = await db
    .select({ tipId: tipMutes.tipId })
    .from(tipMutes)
    .where(and(eq(tipMutes.userId, user.id), eq(tipMutes.tipId, tipId)));
  return { muted: Boolean(muted), visible: Boolean(await findVisibleTip(db, tipId, user.id)) };
}

/** A member's mutes of tips (ADR 082): private, idempotent, and only of a tip they may see. */
export const muteRouter = createRouter()
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { muted, visible } = await stateOf(c, id);
    if (!muted && !visible) throw new HttpError(404, NO_TIP);
    return c.json({ muted }, 200);
  })
  .openapi(putRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await findVisibleTip(c.var.db, id, c.var.user.id))) throw new HttpError(404, NO_TIP);
    await c.var.db.insert(tipMutes).values({ userId: c.var.user.id, tipId: id }).onConflictDoNothing();
    return c.json({ muted: true }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const removed = await c.var.db
      .delete(tipMutes)
      .where(and(eq(tipMutes.userId, c.var.user.id), eq(tipMutes.tipId, id)))
      .returning({ tipId: tipMutes.tipId });
    if (removed.length === 0 && !(await findVisibleTip(c.var.db, id, c.var.user.id)))
      throw new HttpError(404, NO_TIP);
    return c.json({ muted: false }, 200);
  });
