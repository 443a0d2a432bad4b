import { z } from "zod";
import { NEXT_CURSOR_HEADER } from "#shared/constants.ts";
import {
  BOOKMARKS_MAX,
  BookmarkInputSchema,
  BookmarkListQuerySchema,
  BookmarkSchema,
  BookmarkStateSchema,
} from "#shared/schemas/bookmark.ts";
import { nextSeasonStart } from "#shared/seasons.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { idParam } from "../../lib/requests/ids.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { settingsOf } from "../settings/index.ts";
import { findVisibleTip, toTip } from "../tips/index.ts";
import {
  bookmarkState,
  listBookmarks,
  NOT_BOOKMARKED,
  removeBookmark,
  saveBookmark,
} from "./bookmarks.service.ts";

const SIGN_IN = "Sign in to save tips";
const NO_TIP = "Tip not found";
const tipParam = idParam("tip", NO_TIP);
const CHOOSE_HEMISPHERE =
  "Choose your garden's hemisphere in your profile first: it says when your spring and autumn are";
const FULL = `You keep ${BOOKMARKS_MAX.toLocaleString("en-US")} bookmarks, the most an account may: remove some first`;

const stateResponse = jsonAnswer(
  "Whether you saved the tip, with your note and reminder",
  BookmarkStateSchema,
);

const getBookmarkRoute = apiRoute({
  method: "get",
  path: "/tips/{id}/bookmark",
  operationId: "getBookmark",
  tags: ["Bookmarks"],
  summary: "Whether you saved a tip",
  description:
    "The signed-in member's bookmark of the tip: `bookmarked` false when they have none of a tip they may see; 404 for a tip they may not see and never saved.",
  middleware: [requireUser(SIGN_IN)] as const,
  request: { params: tipParam },
  responses: { 200: stateResponse, ...errorResponses({ 404: NO_TIP }) },
});

const saveBookmarkRoute = apiRoute({
  method: "put",
  path: "/tips/{id}/bookmark",
  operationId: "saveBookmark",
  tags: ["Bookmarks"],
  summary: "Save a tip for later",
  description:
    'Saves the tip, privately, with an optional one-line `note` (100 characters) and an optional reminder: `remindAt`, a time in the next two years, or `remindSeason`, "spring" or "autumn": the first day of that season (March or September, by the hemisphere in your settings) at 08:00 in your time zone. Saving again replaces the note and the reminder. Only a tip you may see can be saved.',
  middleware: [requireUser(SIGN_IN), rateLimit<SignedInEnv>("bookmark", (c) => c.var.user.id)] as const,
  request: {
    params: tipParam,
    body: { content: { "application/json": { schema: BookmarkInputSchema } }, required: true },
  },
  responses: {
    200: stateResponse,
    ...errorResponses({
      400: "Invalid fields, each named in issues",
      404: "No such tip, or not one you may see",
      422: `${CHOOSE_HEMISPHERE}; or you keep ${BOOKMARKS_MAX} bookmarks already`,
    }),
  },
});

const removeBookmarkRoute = apiRoute({
  method: "delete",
  path: "/tips/{id}/bookmark",
  operationId: "removeBookmark",
  tags: ["Bookmarks"],
  summary: "Take a bookmark back",
  description:
    "Removes the signed-in member's bookmark of the tip, deleted or not; removing one that is not there, of a tip they may see, changes nothing (200 either way).",
  middleware: [requireUser(SIGN_IN), rateLimit<SignedInEnv>("bookmark", (c) => c.var.user.id)] as const,
  request: { params: tipParam },
  responses: { 200: stateResponse, ...errorResponses({ 404: NO_TIP }) },
});

const listBookmarksRoute = apiRoute({
  method: "get",
  path: "/bookmarks",
  operationId: "listBookmarks",
  tags: ["Bookmarks"],
  summary: "Your bookmarks",
  description:
    "The tips the signed-in member saved, newest first, 20 a page: pass X-Next-Cursor back as `cursor` for the next. Each has the tip as you may see it now; `tip` is left out when it was deleted (then `gone` says when the bookmark goes, three days after) or is no longer one you may see.",
  middleware: [requireUser(SIGN_IN)] as const,
  request: { query: BookmarkListQuerySchema },
  responses: {
    200: {
      description: "One page of your bookmarks",
      headers: z.object({
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(BookmarkSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

export const bookmarksRouter = createRouter()
  .openapi(listBookmarksRoute, async (c) => {
    const { rows, nextCursor } = await listBookmarks(c.var.db, c.var.user.id, c.req.valid("query"));
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    const images = imagesOf(c);
    return c.json(
      rows.map((row) => ({
        tipId: row.tipId,
        note: row.note,
        remindAt: row.remindAt?.toISOString() ?? null,
        remindSeason: row.remindSeason,
        remindedAt: row.remindedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        ...(row.tip ? { tip: toTip(row.tip, images, c.var.user.id) } : {}),
        gone: row.gone ? { title: row.gone.title, goesAt: row.gone.goesAt.toISOString() } : null,
      })),
      200,
    );
  })
  .openapi(getBookmarkRoute, async (c) => {
    const { id } = c.req.valid("param");
    const state = await bookmarkState(c.var.db, c.var.user.id, id);
    // No bookmark: a tip the member may see is one they have not saved; any other is no tip of theirs.
    if (!state.bookmarked && !(await findVisibleTip(c.var.db, id, c.var.user.id)))
      throw new HttpError(404, NO_TIP);
    return c.json(state, 200);
  })
  .openapi(saveBookmarkRoute, async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const { user } = c.var;
    // Only a tip the member may see now: one on hold answers why, as its page does.
    if (!(await findVisibleTip(c.var.db, id, user.id))) throw new HttpError(404, NO_TIP);
    let remindAt = input.remindAt ? new Date(input.remindAt) : null;
    if (input.remindSeason) {
      const { hemisphere, timeZone } = await settingsOf(c.var.db, user.id);
      if (!hemisphere) throw new HttpError(422, CHOOSE_HEMISPHERE);
      remindAt = nextSeasonStart(input.remindSeason, hemisphere, timeZone ?? "UTC", new Date());
    }
    const state = await saveBookmark(c.var.db, user.id, id, {
      note: input.note,
      remindAt,
      remindSeason: input.remindSeason ?? null,
    });
    if (state === "full") throw new HttpError(422, FULL);
    if (!state) throw new HttpError(404, NO_TIP);
    return c.json(state, 200);
  })
  .openapi(removeBookmarkRoute, async (c) => {
    const { id } = c.req.valid("param");
    const removed = await removeBookmark(c.var.db, c.var.user.id, id);
    if (!removed && !(await findVisibleTip(c.var.db, id, c.var.user.id))) throw new HttpError(404, NO_TIP);
    return c.json(NOT_BOOKMARKED, 200);
  });
