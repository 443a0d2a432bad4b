import { z } from "zod";
import { REVIEW_ALREADY_ASKED, TOTAL_COUNT_HEADER } from "#shared/constants.ts";
import { TEAM_HANDLE_REFUSED } from "#shared/handles.ts";
import { findLinks } from "#shared/links.ts";
import { PageQuerySchema } from "#shared/schemas/common.ts";
import {
  GardenerListQuerySchema,
  GardenerPageSchema,
  GardenerSchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from "#shared/schemas/gardener.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import type { ContextWithVars, SignedInEnv } from "../../lib/app-env.ts";
import type { PublicTable } from "../../lib/cache/public-cache.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { holdMessage } from "../../lib/rules/hold-state.ts";
import { checkNewcomerLinks } from "../../lib/rules/newcomers.ts";
import { isPageShown } from "../../lib/rules/visibility.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requirePoster, requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { listTips, toTip } from "../tips/index.ts";
import { toGardener, toGardenerPage, toProfile } from "./gardener-dto.ts";
import { listGardeners } from "./gardener-list.ts";
import {
  findGardenerPage,
  GARDENER_PAGE_TABLES,
  GARDENER_TABLES,
  HandleTakenError,
  ReviewAlreadyAskedError,
  TeamHandleError,
  updateProfile,
  whereHandleLeads,
} from "./gardeners.service.ts";

const listGardenersRoute = apiRoute({
  method: "get",
  path: "/gardeners",
  operationId: "listGardeners",
  tags: ["Gardeners"],
  summary: "List gardeners",
  description:
    "Gardeners ordered by name, one page at a time: the demo gardeners and every member who has shared a public tip and stays listed (a profile setting). A member's card has their handle as `id`, no e-mail, and is `active` when their latest public tip is younger than 90 days. `?status=active` gives the featured gardeners of the home page. The total number of matching gardeners is in the X-Total-Count header.",
  request: { query: GardenerListQuerySchema },
  responses: {
    200: {
      description: "One page of gardeners",
      headers: z.object({
        [TOTAL_COUNT_HEADER]: z.string().meta({ description: "Number of matching gardeners" }),
      }),
      content: { "application/json": { schema: z.array(GardenerSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

const handleParam = z.object({
  handle: z.string().meta({ description: "The gardener's handle, in any case" }),
});
const NO_SUCH_GARDENER = "No gardener has that handle";
/** A handle a member gave up leads to their page under their handle now (ADR 054). */
const movedResponse = {
  description: "The handle is one its member gave up: Location is the same request under their handle now",
  headers: z.object({
    Location: z.string().meta({ description: "The same path with the member's handle now" }),
  }),
};

/** The request's path and query with `handle` in the gardener's place. */
function movedTo(url: string, handle: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname.replace(/^(\/api\/gardeners\/)[^/]+/, `$1${handle}`)}${search}`;
}

const getGardenerRoute = apiRoute({
  method: "get",
  path: "/gardeners/{handle}",
  operationId: "getGardener",
  tags: ["Gardeners"],
  summary: "A gardener's page",
  description:
    "Any account's gardener page by its handle: name, photo, bio and card fields, and counts of public tips, likes received and membership. A demo gardener's page is their card; a member's never carries an e-mail, and carries age and gender only when the member filled them in.",
  request: { params: handleParam },
  responses: {
    200: {
      description: "The gardener's page",
      content: { "application/json": { schema: GardenerPageSchema } },
    },
    301: movedResponse,
    ...errorResponses({ 404: NO_SUCH_GARDENER }),
  },
});

const listGardenerTipsRoute = apiRoute({
  method: "get",
  path: "/gardeners/{handle}/tips",
  operationId: "listGardenerTips",
  tags: ["Gardeners"],
  summary: "A gardener's public tips",
  description:
    "The public tips of the gardener with this handle, newest first, one page at a time; their number is in the X-Total-Count header.",
  request: { params: handleParam, query: PageQuerySchema },
  responses: {
    200: {
      description: "One page of their public tips",
      headers: z.object({
        [TOTAL_COUNT_HEADER]: z.string().meta({ description: "Number of their public tips" }),
      }),
      content: { "application/json": { schema: z.array(TipSchema) } },
    },
    301: movedResponse,
    ...errorResponses({ 400: "Malformed query parameters", 404: NO_SUCH_GARDENER }),
  },
});

const HANDLE_TAKEN = "That handle is taken; choose another";

const getProfileRoute = apiRoute({
  method: "get",
  path: "/profile",
  operationId: "getProfile",
  tags: ["Accounts"],
  summary: "Your gardener page",
  description:
    "The signed-in member's gardener page as everyone sees it, and whether Explore Gardeners lists them: what the profile settings start from.",
  middleware: [requireUser("Sign in to see your profile")] as const,
  responses: {
    200: { description: "Your page", content: { "application/json": { schema: ProfileSchema } } },
    ...errorResponses({}),
  },
});

const updateProfileRoute = apiRoute({
  method: "patch",
  path: "/profile",
  operationId: "updateProfile",
  tags: ["Accounts"],
  summary: "Change your gardener page",
  description:
    "Changes the signed-in member's handle, bio and card fields; each field left out stays as it is, and an empty one (or null) clears it. Answers the page as everyone now sees it. The name and photo are the account's (/auth/update-user). The page of an account younger than a day, or not yet verified, may hold at most 2 links in its text fields (422 says which and when it lifts).",
  middleware: [
    requirePoster("Sign in to change your profile"),
    rateLimit<SignedInEnv>("editProfile", (c) => c.var.user.id),
  ] as const,
  request: {
    body: { content: { "application/json": { schema: ProfileUpdateSchema } }, required: true },
  },
  responses: {
    200: {
      description: "Your page as it is now",
      content: { "application/json": { schema: ProfileSchema } },
    },
    ...errorResponses({
      400: "Invalid fields, each named in issues; or a new handle that passes for the team's",
      409: HANDLE_TAKEN,
      422: "Too many links for a newcomer",
    }),
  },
});

/** The text fields of a gardener page that a member writes and everyone reads (the YouTube link is one link). */
const PAGE_TEXTS = ["bio", "location", "experiences", "gardenName", "gender"] as const;

/**
 * A newcomer's gardener page holds at most a few links (lib/rules/newcomers.ts), counted over the page as the
 * change would leave it, so links cannot be added a field or a change at a time. Nothing is read when
 * the change holds no link.
 */
async function checkPageLinks(
  c: { var: SignedInEnv["Variables"] },
  update: z.output<typeof ProfileUpdateSchema>,
) {
  const written = (
    page: Partial<Record<(typeof PAGE_TEXTS)[number], string | null>> & { certifications?: string[] | null },
  ) => [...PAGE_TEXTS.map((field) => page[field] ?? ""), ...(page.certifications ?? [])];
  if (!written(update).some((text) => findLinks(text).length > 0)) return;
  const current = (await findGardenerPage(c.var.db, { id: c.var.user.id }))?.account;
  const after = { ...current, ...update };
  await checkNewcomerLinks("page", written(after), {
    emailVerified: c.var.user.emailVerified,
    createdAt: async () => current?.createdAt,
  });
}

/**
 * The page of the gardener a request names, kept for everyone alike as read from `reads`; 404 when no
 * account has the handle; `movedTo` (their handle now) when a member had it before they changed it.
 */
async function namedGardener(
  c: ContextWithVars & Parameters<typeof markPublic>[0],
  handle: string,
  reads: readonly PublicTable[] = GARDENER_TABLES,
) {
  const page = await findGardenerPage(c.var.db, handle);
  if (!page) {
    const leads = await whereHandleLeads(c.var.db, handle);
    if (leads.to === "moved") return { movedTo: leads.handle };
    markPublic(c, "everyone", GARDENER_TABLES);
    throw new HttpError(404, NO_SUCH_GARDENER);
  }
  // A page on hold, or an account on hold, is a placeholder for everyone alike (ADR 041); the member
  // reads why on their profile.
  if (!isPageShown(page.account))
    throw new HttpError(
      404,
      await holdMessage(
        c.var.db,
        { type: "gardener", id: page.account.id, authorId: page.account.id },
        { itemHeld: page.account.pageHold !== null },
      ),
    );
  // A placeholder's words follow the moderators' cases, which the cache does not follow: only a page
  // anyone may read is kept.
  markPublic(c, "everyone", reads);
  return page;
}

export const gardenersRouter = createRouter()
  .openapi(listGardenersRoute, async (c) => {
    const { rows, total } = await listGardeners(c.var.db, c.req.valid("query"));
    markPublic(c, "everyone", GARDENER_TABLES);
    const images = imagesOf(c);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((row) => toGardener(row, images)),
      200,
    );
  })
  .openapi(getGardenerRoute, async (c) => {
    const page = await namedGardener(c, c.req.valid("param").handle, GARDENER_PAGE_TABLES);
    if ("movedTo" in page) return c.redirect(movedTo(c.req.url, page.movedTo), 301);
    return c.json(toGardenerPage(page, imagesOf(c)), 200);
  })
  .openapi(listGardenerTipsRoute, async (c) => {
    const page = await namedGardener(c, c.req.valid("param").handle);
    if ("movedTo" in page) return c.redirect(movedTo(c.req.url, page.movedTo), 301);
    const { rows, total } = await listTips(
      c.var.db,
      { ...c.req.valid("query"), sort: "newest", q: undefined, following: false },
      { authorId: page.account.id },
    );
    const images = imagesOf(c);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      rows.map((row) => toTip(row, images)),
      200,
    );
  })
  .openapi(getProfileRoute, async (c) => {
    const page = await findGardenerPage(c.var.db, { id: c.var.user.id });
    if (!page) throw new HttpError(401, "Sign in to see your profile");
    return c.json(toProfile(page, imagesOf(c)), 200);
  })
  .openapi(updateProfileRoute, async (c) => {
    const update = c.req.valid("json");
    await checkPageLinks(c, update);
    let handle: string | null;
    try {
      handle = await updateProfile(c.var.db, c.var.user.id, update);
    } catch (error) {
      if (error instanceof HandleTakenError) throw new HttpError(409, HANDLE_TAKEN);
      if (error instanceof TeamHandleError) throw new HttpError(400, TEAM_HANDLE_REFUSED);
      if (error instanceof ReviewAlreadyAskedError) throw new HttpError(403, REVIEW_ALREADY_ASKED);
      throw error;
    }
    const page = handle ? await findGardenerPage(c.var.db, handle) : null;
    if (!page) throw new HttpError(401, "Sign in to change your profile");
    return c.json(toProfile(page, imagesOf(c)), 200);
  });
