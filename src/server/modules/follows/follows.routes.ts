import { z } from "zod";
import { asHandle } from "#shared/handles.ts";
import { FollowStateSchema, FollowStatesQuerySchema, FollowStatesSchema } from "#shared/schemas/follow.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requirePoster, requireUser } from "../../lib/security/session.ts";
import {
  type FollowTarget,
  findFollowTarget,
  follow,
  followState,
  followStatesOf,
  unfollow,
} from "./follows.service.ts";

const NO_SUCH_GARDENER = "No gardener has that handle";
const CANNOT_FOLLOW = "You cannot follow this member";
const handleParam = z.object({
  handle: z.string().meta({ description: "The gardener's handle, in any case" }),
});
const stateResponse = {
  description: "Whether you follow them now, and how many members do",
  content: { "application/json": { schema: FollowStateSchema } },
};

/** The gardener a request names, as the caller may see them: a page on hold is no page to follow. */
async function shownTarget(c: { var: SignedInEnv["Variables"] }, handle: string): Promise<FollowTarget> {
  const target = await findFollowTarget(c.var.db, handle, c.var.user.id);
  if (!target?.shown) throw new HttpError(404, NO_SUCH_GARDENER);
  return target;
}

const getFollowRoute = apiRoute({
  method: "get",
  path: "/gardeners/{handle}/follow",
  operationId: "getFollow",
  tags: ["Follows"],
  summary: "Whether you follow a gardener",
  description:
    "Whether the signed-in member follows the gardener with this handle, and their number of followers.",
  middleware: [requireUser("Sign in to follow gardeners")] as const,
  request: { params: handleParam },
  responses: { 200: stateResponse, ...errorResponses({ 404: NO_SUCH_GARDENER }) },
});

const followRoute = apiRoute({
  method: "put",
  path: "/gardeners/{handle}/follow",
  operationId: "followGardener",
  tags: ["Follows"],
  summary: "Follow a gardener",
  description:
    "Their new public tips are then in Browse Tips' Following list. Following again changes nothing (200 either way). Members who blocked each other, either way, cannot follow each other (403); a block ends the follows between two members.",
  middleware: [
    requirePoster("Sign in to follow gardeners"),
    rateLimit<SignedInEnv>("follow", (c) => c.var.user.id),
  ] as const,
  request: { params: handleParam },
  responses: {
    200: stateResponse,
    ...errorResponses({
      403: "A block between you and them, either way",
      404: NO_SUCH_GARDENER,
      422: "You cannot follow yourself",
    }),
  },
});

const unfollowRoute = apiRoute({
  method: "delete",
  path: "/gardeners/{handle}/follow",
  operationId: "unfollowGardener",
  tags: ["Follows"],
  summary: "Stop following a gardener",
  description: "Unfollowing someone you do not follow changes nothing (200 either way).",
  middleware: [
    requireUser("Sign in to follow gardeners"),
    rateLimit<SignedInEnv>("unfollow", (c) => c.var.user.id),
  ] as const,
  request: { params: handleParam },
  responses: { 200: stateResponse, ...errorResponses({ 404: NO_SUCH_GARDENER }) },
});

const followStatesRoute = apiRoute({
  method: "get",
  path: "/follows",
  operationId: "getFollowStates",
  tags: ["Follows"],
  summary: "Whether you follow each of several gardeners",
  description:
    "For a page of gardeners' cards: whether the signed-in member follows each gardener named in `handles`, and their number of followers. Handles nobody has are left out of the answer.",
  middleware: [requireUser("Sign in to follow gardeners")] as const,
  request: { query: FollowStatesQuerySchema },
  responses: {
    200: {
      description: "One entry per gardener named who exists",
      content: { "application/json": { schema: FollowStatesSchema } },
    },
    ...errorResponses({ 400: "No handle, or too many" }),
  },
});

export const followsRouter = createRouter()
  .openapi(followStatesRoute, async (c) => {
    const handles = c.req
      .valid("query")
      .handles.map((given) => asHandle(given))
      .filter((handle): handle is string => handle !== null);
    return c.json(await followStatesOf(c.var.db, c.var.user.id, [...new Set(handles)]), 200);
  })
  .openapi(getFollowRoute, async (c) => {
    const target = await shownTarget(c, c.req.valid("param").handle);
    return c.json(await followState(c.var.db, c.var.user.id, target.id), 200);
  })
  .openapi(followRoute, async (c) => {
    const target = await findFollowTarget(c.var.db, c.req.valid("param").handle, c.var.user.id);
    if (target?.id === c.var.user.id) throw new HttpError(422, "You cannot follow yourself");
    if (!target?.shown) throw new HttpError(404, NO_SUCH_GARDENER);
    if (target.blocked) throw new HttpError(403, CANNOT_FOLLOW);
    const state = await follow(c.var.db, c.var.user.id, target.id);
    // A block made between the check above and the write keeps them apart all the same.
    if (!state.following) throw new HttpError(403, CANNOT_FOLLOW);
    return c.json(state, 200);
  })
  .openapi(unfollowRoute, async (c) => {
    // A page on hold may still be unfollowed: only an unknown handle is refused.
    const target = await findFollowTarget(c.var.db, c.req.valid("param").handle, c.var.user.id);
    if (!target) throw new HttpError(404, NO_SUCH_GARDENER);
    return c.json(await unfollow(c.var.db, c.var.user.id, target.id), 200);
  });
