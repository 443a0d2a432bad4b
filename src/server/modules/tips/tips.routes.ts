import { z } from "zod";
import {
  NEXT_CURSOR_HEADER,
  SEARCH_COUNT_CAP,
  TOTAL_COUNT_EXACT_HEADER,
  TOTAL_COUNT_HEADER,
} from "#shared/constants.ts";
import {
  LikeStateSchema,
  TipInputSchema,
  TipListQuerySchema,
  TipSchema,
  TipUpdateSchema,
} from "#shared/schemas/tip.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import type { PublicTable } from "../../lib/cache/public-cache.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { BODY_LIMITS, bodyLimit } from "../../lib/requests/body-limit.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { badQueryParameter, HttpError } from "../../lib/requests/errors.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { readableCommentCount } from "../../lib/rules/comment-counts.ts";
import { checkCropFilter, checkTipCrops, cropsNamedLike, isShipped } from "../../lib/rules/crops.ts";
import { checkNewcomerLinks } from "../../lib/rules/newcomers.ts";
import { isTipListed } from "../../lib/rules/visibility.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { getSessionUser, optionalUser, requirePoster, requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { imageToStore, releasePhoto, writingPhoto } from "../uploads/index.ts";
import { toTip } from "./tip-dto.ts";
import { isLikedBy, setLike } from "./tip-likes.ts";
import { listTips } from "./tip-list.ts";
import type { StoredTipInput } from "./tip-row.ts";
import { accountCreatedAt, createTip, deleteTip, findVisibleTip, updateTip } from "./tips.service.ts";

const NO_TIP = "Tip not found";
const tipParam = idParam("tip", NO_TIP);

const listTipsRoute = apiRoute({
  method: "get",
  path: "/tips",
  operationId: "listTips",
  tags: ["Tips"],
  summary: "List tips",
  description: [
    "Public tips, filtered and searched on the server, one page at a time. The body is a JSON array; the number",
    "of matching tips is in X-Total-Count and, when there are more, a cursor for the next page in X-Next-Cursor",
    "(pass it back as `cursor`; `offset` works too). `?availability=Public&sort=likes&limit=6` gives the trending",
    "tips. `?email=` lists the signed-in user's own tips of every availability and answers 403 for anyone else.",
    "`q` searches title, plant type, category and author name, case-insensitively, and from three letters finds the",
    "tips naming a crop one of whose names (English, French, Spanish or German, accents aside) holds it: `q=zanahoria`",
    "finds tips about carrots. `?following=true` lists only",
    "the public tips of gardeners the signed-in caller follows (401 for a visitor). `?crop=tomato` lists the tips",
    "naming that crop of the garden calendar (400 for a crop it does not know).",
  ].join(" "),
  middleware: optionalUser(),
  request: { query: TipListQuerySchema },
  responses: {
    200: {
      description: "One page of tips",
      headers: z.object({
        [TOTAL_COUNT_HEADER]: z.string().meta({
          description: `Number of matching tips; for a text search, a crop or the Following list at most ${SEARCH_COUNT_CAP}, see ${TOTAL_COUNT_EXACT_HEADER}`,
        }),
        [TOTAL_COUNT_EXACT_HEADER]: z
          .literal("false")
          .optional()
          .meta({
            description: `Sent when a text search, a crop or the Following list matches more than ${SEARCH_COUNT_CAP} tips: X-Total-Count is then ${SEARCH_COUNT_CAP}, a lower bound`,
          }),
        [NEXT_CURSOR_HEADER]: z
          .string()
          .optional()
          .meta({ description: "Cursor of the next page, when there is one" }),
      }),
      content: { "application/json": { schema: z.array(TipSchema) } },
    },
    ...errorResponses({
      400: "Malformed query parameters, a crop the calendar does not know, or a non-public availability without ?email=",
      401: "Asking for the Following list while signed out",
      403: "Listing someone else's tips by e-mail, or listing by e-mail while signed out",
    }),
  },
});

const getTipRoute = apiRoute({
  method: "get",
  path: "/tips/{id}",
  operationId: "getTip",
  tags: ["Tips"],
  summary: "One tip",
  description:
    "Hidden and private tips answer 404 to anyone but their author, as do unknown and malformed ids.",
  middleware: optionalUser(),
  request: { params: tipParam },
  responses: {
    200: { description: "The tip", content: { "application/json": { schema: TipSchema } } },
    ...errorResponses({ 404: "No such tip, or not visible to the caller" }),
  },
});

/** The 401 message of changing and liking tips, as the API has always answered it. */
const SIGN_IN_FIRST = "Sign in first";

const tipBody = { content: { "application/json": { schema: TipInputSchema } }, required: true };
const writeErrors = errorResponses({
  400: "Invalid fields, each named in issues (a crop the calendar does not know among them)",
});

/** A newcomer's tip holds at most a few links (lib/rules/newcomers.ts): its title, plant type and description. */
const checkTipLinks = (
  c: { var: SignedInEnv["Variables"] },
  tip: { title: string; plantType: string; description: string },
) =>
  checkNewcomerLinks("tip", [tip.title, tip.plantType, tip.description], {
    emailVerified: c.var.user.emailVerified,
    createdAt: () => accountCreatedAt(c),
  });

const createTipRoute = apiRoute({
  method: "post",
  path: "/tips",
  operationId: "createTip",
  tags: ["Tips"],
  summary: "Share a tip",
  description:
    "The author's name and e-mail come from the session; totalLiked starts at 0 and createdAt is set by the server. Other fields in the body are ignored. A tip from an account younger than a day, or not yet verified, may hold at most 2 links (422 says which and when it lifts). An account whose e-mail is not confirmed may have at most 2 public tips: a third is refused with 422, and may be shared as Hidden instead.",
  middleware: [
    bodyLimit(BODY_LIMITS.tips),
    requirePoster("Sign in to share a tip"),
    rateLimit<SignedInEnv>("shareTip", async (c) => ({
      account: c.var.user.id,
      createdAt: await accountCreatedAt(c),
    })),
  ] as const,
  request: { body: tipBody },
  responses: {
    201: { description: "The created tip", content: { "application/json": { schema: TipSchema } } },
    ...writeErrors,
    ...errorResponses({
      422: "Too many links for a newcomer, or a third public tip before the e-mail is confirmed",
    }),
  },
});

const updateTipRoute = apiRoute({
  method: "put",
  path: "/tips/{id}",
  operationId: "updateTip",
  tags: ["Tips"],
  summary: "Replace a tip's editable fields (author only)",
  description:
    "Sends the editable fields, as the edit form does; any other field (_id, name, email, totalLiked, createdAt) is ignored. Without availability the tip keeps its current one. Making a tip Public is refused with 422 when the account's e-mail is not confirmed and it has 2 public tips already.",
  middleware: [
    bodyLimit(BODY_LIMITS.tips),
    requirePoster(SIGN_IN_FIRST),
    rateLimit<SignedInEnv>("editTip", (c) => c.var.user.id),
  ] as const,
  request: {
    params: tipParam,
    body: { content: { "application/json": { schema: TipUpdateSchema } }, required: true },
  },
  responses: {
    200: { description: "The updated tip", content: { "application/json": { schema: TipSchema } } },
    ...writeErrors,
    ...errorResponses({
      403: "Not the author",
      404: "No such tip",
      422: "Too many links for a newcomer, or a third public tip before the e-mail is confirmed",
    }),
  },
});

const deleteTipRoute = apiRoute({
  method: "delete",
  path: "/tips/{id}",
  operationId: "deleteTip",
  tags: ["Tips"],
  summary: "Delete a tip (author only)",
  middleware: requireUser(SIGN_IN_FIRST),
  request: { params: tipParam },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses({ 403: "Not the author", 404: "No such tip" }),
  },
});

const likeRoute = (method: "post" | "delete") =>
  apiRoute({
    method,
    path: "/tips/{id}/like",
    operationId: method === "post" ? "likeTip" : "unlikeTip",
    tags: ["Tips"],
    summary: method === "post" ? "Like a tip (idempotent)" : "Take a like back (idempotent)",
    middleware: [requireUser(SIGN_IN_FIRST), rateLimit<SignedInEnv>("like", (c) => c.var.user.id)] as const,
    request: { params: tipParam },
    responses: {
      200: {
        description: "The caller's like and the tip's count",
        content: { "application/json": { schema: LikeStateSchema } },
      },
      ...errorResponses({ 404: "No such tip, or not visible to the caller" }),
    },
  });

export const tipsRouter = createRouter()
  .openapi(listTipsRoute, async (c) => {
    const query = c.req.valid("query");
    await checkCropFilter(c.var.db, query.crop);
    let ownerId: string | undefined;
    if (query.email) {
      const user = await getSessionUser(c);
      if (!user) throw new HttpError(403, "Sign in to list your own tips");
      if (user.email !== query.email) throw new HttpError(403, "You can only list your own tips by e-mail");
      ownerId = user.id;
    } else if (query.availability && !isTipListed({ availability: query.availability })) {
      throw badQueryParameter(
        "availability",
        "only Public tips are listed to everyone; sign in and add ?email= for your own",
      );
    }
    let followerId: string | undefined;
    if (query.following) {
      if (ownerId) throw badQueryParameter("following", "lists public tips; leave out email with it");
      const user = await getSessionUser(c);
      if (!user) throw new HttpError(401, "Sign in to see the tips of gardeners you follow");
      followerId = user.id;
    }
    const cropsNamed = query.q ? await cropsNamedLike(c.var.db, query.q) : [];
    const { rows, total, totalExact, nextCursor } = await listTips(c.var.db, query, {
      ownerId,
      followerId,
      cropsNamed,
    });
    // The public list holds nothing of the caller: one answer for everyone, signed in or not. A member's
    // own list, and the list of those they follow, is theirs alone.
    // A crop the site added answers 400 once it is removed, and a search reads crops' names: either
    // list goes with a change of the site's crops.
    const reads: PublicTable[] =
      query.q || (query.crop && !isShipped(query.crop)) ? ["tips", "site_crops"] : ["tips"];
    if (followerId) markPublic(c, "member", [...reads, "follows"]);
    else markPublic(c, ownerId ? "member" : "everyone", reads);
    const images = imagesOf(c);
    c.header(TOTAL_COUNT_HEADER, String(total));
    if (!totalExact) c.header(TOTAL_COUNT_EXACT_HEADER, "false");
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(
      rows.map((row) => toTip(row, images, ownerId ?? null)),
      200,
    );
  })
  .openapi(getTipRoute, async (c) => {
    const { id } = c.req.valid("param");
    const user = await getSessionUser(c);
    const row = await findVisibleTip(c.var.db, id, user?.id ?? null);
    if (!row) throw new HttpError(404, NO_TIP);
    const tip = toTip(row, imagesOf(c), user?.id ?? null);
    if (user) {
      tip.likedByMe = await isLikedBy(c.var.db, row.id, user.id);
      tip.totalComments = await readableCommentCount(c.var.db, row, user.id);
    }
    // A visitor's answer is the same for every visitor; a signed-in caller's says whether they like it, and
    // counts the comments they can read (their own on hold, not those of members they blocked).
    if (user) markPublic(c, "member", ["tips", "tip_likes", "comments", "blocks"]);
    else markPublic(c, "visitor", ["tips"]);
    c.header("Vary", "Cookie");
    return c.json(tip, 200);
  })
  .openapi(createTipRoute, async (c) => {
    await checkTipCrops(c.var.db, c.req.valid("json").crops);
    const input = await withStoredImage(c, c.req.valid("json"));
    await checkTipLinks(c, input);
    const row = await writingPhoto(() => createTip(c.var.db, input, c.var.user));
    return c.json(toTip(row, imagesOf(c), c.var.user.id), 201);
  })
  .openapi(updateTipRoute, async (c) => {
    await checkTipCrops(c.var.db, c.req.valid("json").crops);
    const input = await withStoredImage(c, c.req.valid("json"));
    await checkTipLinks(c, input);
    const { row, previousPhoto } = await writingPhoto(() =>
      updateTip(c.var.db, c.req.valid("param").id, input, c.var.user),
    );
    if (previousPhoto !== row.photoHash) await releasePhotoQuietly(c, previousPhoto);
    return c.json(toTip(row, imagesOf(c), c.var.user.id), 200);
  })
  .openapi(deleteTipRoute, async (c) => {
    const image = await deleteTip(c.var.db, c.req.valid("param").id, c.var.user);
    await releasePhotoQuietly(c, image);
    return c.body(null, 204);
  });

/** A tip's input as it is stored: an uploaded photo of ours by its record, any other image as linked. */
async function withStoredImage<T extends { images: string | null }>(
  c: { var: SignedInEnv["Variables"] },
  input: T,
): Promise<StoredTipInput<T>> {
  const image = await imageToStore(c.var.db, c.var.storage, input.images);
  return { ...input, images: image.linked, photoHash: image.photoHash };
}

/**
 * An uploaded photo the tip showed is deleted when nothing else uses it (ADR 021). The tip's change is
 * done whatever happens here: a photo left behind is deleted by the daily sweep.
 */
async function releasePhotoQuietly(c: { var: SignedInEnv["Variables"] }, photoHash: string | null) {
  try {
    await releasePhoto(c.var.db, c.var.storage, photoHash, { userId: c.var.user.id });
  } catch (error) {
    c.var.logger.error("Deleting a photo no tip uses failed; the sweep will retry", error);
  }
}

for (const method of ["post", "delete"] as const) {
  tipsRouter.openapi(likeRoute(method), async (c) => {
    const state = await setLike(c.var.db, c.req.valid("param").id, c.var.user.id, method === "post");
    if (!state) throw new HttpError(404, NO_TIP);
    return c.json(state, 200);
  });
}
