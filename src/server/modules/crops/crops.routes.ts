import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { CropInputSchema, CropSchema, CropSlugSchema } from "#shared/calendar/crops.ts";
import {
  CropPageQuerySchema,
  CropPageSchema,
  SowingReminderInputSchema,
  SowingReminderSchema,
  SowingReminderStateSchema,
} from "#shared/schemas/crop-page.ts";
import type { Db } from "../../db/client.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { addedCrops, byName, CROP_SOURCE, findCrop, SHIPPED_CROPS } from "../../lib/rules/crops.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireRole, requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { listCropTips, toTip } from "../tips/index.ts";
import { removeSiteCrop, saveSiteCrop } from "./site-crops.ts";
import { reminderOf, removeReminder, setReminder } from "./sowing-reminders.ts";

const NO_CROP = "No crop has that name";

const CropListSchema = z
  .object({
    /** What the shipped list is, and how its windows count. */
    about: z.string(),
    /** The shipped list's licence (an SPDX name); the crops a site added are its own. */
    licence: z.string(),
    crops: z.array(CropSchema),
  })
  .meta({ id: "CropList" });

const listRoute = apiRoute({
  method: "get",
  path: "/crops",
  operationId: "listCrops",
  tags: ["Garden calendar"],
  summary: "The crops the garden calendar knows",
  description:
    "Public. Every crop with its names (en, fr, es, de), botanical name, kind, sowing windows in weeks from the last spring frost (sowIndoors, plantOut, sowDirect) or the first autumn frost (sowAutumn), days to maturity, spacing and what to do where it never freezes: the list shipped with the site and the crops its administrators added. `source=site` answers only the added ones (the pages carry the shipped list and ask for these), `source=shipped` only the shipped.",
  request: {
    query: z.object({
      source: z
        .enum(["all", "shipped", "site"])
        .default("all")
        .meta({ description: "Which crops: all, the shipped list's, or those this site added" }),
    }),
  },
  responses: {
    200: jsonAnswer("The crops, by name", CropListSchema),
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

const cropRoute = apiRoute({
  method: "get",
  path: "/crops/{slug}",
  operationId: "getCrop",
  tags: ["Garden calendar"],
  summary: "One crop, with the community's tips about it",
  description:
    "Public. The crop its page, /crops/{slug}, is about, and one page of the public tips naming it. Give the reader's place (hemisphere, and lastFrost or frostFree) and the tips of gardeners who garden like them come first: same hemisphere and a last frost within three weeks (or frost-free both), then the rest of that hemisphere, then everyone else, each group most liked first. Authors' places order the list and are never shown.",
  request: {
    params: z.object({
      slug: z
        .string()
        .max(100)
        .meta({ description: "The crop's slug, such as broad-bean", example: "tomato" }),
    }),
    query: CropPageQuerySchema,
  },
  responses: {
    200: jsonAnswer("The crop and a page of its tips", CropPageSchema),
    ...errorResponses({ 400: "Malformed query parameters", 404: NO_CROP }),
  },
});

const reminderRequest = {
  params: z.object({
    slug: z.string().max(100).meta({ description: "The crop's slug", example: "broad-bean" }),
  }),
};

/** What adding, changing and removing one of the site's crops share: administrators, at a pace. */
const onSiteCrop = {
  path: "/crops/{slug}",
  tags: ["Garden calendar"],
  middleware: [
    requireRole("administrator", "Sign in to change the site's crops"),
    rateLimit<SignedInEnv>("siteCrop", (c) => c.var.user.id),
  ] as [ReturnType<typeof requireRole>, MiddlewareHandler<SignedInEnv>],
};
const siteCropParams = z.object({
  slug: CropSlugSchema.meta({ description: "The crop's slug, naming its page", example: "okra" }),
});

const saveCropRoute = apiRoute({
  method: "put",
  ...onSiteCrop,
  operationId: "saveSiteCrop",
  summary: "Add a crop to the calendar, or change one the site added",
  description:
    "Administrators only. The whole crop, as GET /api/crops answers it: its names in the four languages, botanical name, kind, windows in weeks from the frosts, days to maturity, spacing and what to do where it never freezes. 201 when it is new, 200 when it replaced the site's crop at that slug; every page and list shows it at once. 409 for a slug of the shipped list (those change with a release), an English name another crop has, or a site past 200 crops of its own. Reminders already set keep their day.",
  request: {
    params: siteCropParams,
    body: { content: { "application/json": { schema: CropInputSchema } }, required: true },
  },
  responses: {
    200: jsonAnswer("The crop, changed", CropSchema),
    201: jsonAnswer("The crop, added", CropSchema),
    ...errorResponses({
      400: "Invalid crop",
      404: "No crop can have that slug",
      409: "A shipped crop's slug, a name taken, or too many crops",
    }),
  },
});

const removeCropRoute = apiRoute({
  method: "delete",
  ...onSiteCrop,
  operationId: "removeSiteCrop",
  summary: "Remove a crop the site added",
  description:
    "Administrators only. Members' reminders for it go with it. While tips name it, 409 with their number, unless `untag=true`: then it is taken off those tips too. The shipped crops cannot be removed (409).",
  request: {
    params: siteCropParams,
    query: z.object({
      untag: z
        .enum(["true", "false"], { error: 'untag must be "true" or "false"' })
        .optional()
        .meta({ description: "Take the crop off the tips that name it" }),
    }),
  },
  responses: {
    204: { description: "Removed" },
    ...errorResponses({
      400: "Malformed query parameters",
      404: "The site added no crop with that slug",
      409: "A shipped crop, or tips name it",
    }),
  },
});
/** What the three operations on a member's reminder for a crop share: its address, a session, a pace. */
const onReminder = {
  path: "/crops/{slug}/reminder",
  tags: ["Garden calendar"],
  middleware: [
    requireUser("Sign in to be reminded"),
    rateLimit<SignedInEnv>("sowingReminder", (c) => c.var.user.id),
  ] as [ReturnType<typeof requireUser>, MiddlewareHandler<SignedInEnv>],
};

const getReminderRoute = apiRoute({
  method: "get",
  ...onReminder,
  operationId: "getSowingReminder",
  summary: "Your reminder for a crop",
  description: "Yours alone: when it comes back, for which window; `reminder` is null when you have none.",
  request: reminderRequest,
  responses: {
    200: jsonAnswer("Your reminder, or null", SowingReminderStateSchema),
    ...errorResponses({ 404: NO_CROP }),
  },
});

const setReminderRoute = apiRoute({
  method: "put",
  ...onReminder,
  operationId: "setSowingReminder",
  summary: "Remind me when it's time to sow",
  description:
    "Sets your reminder for the crop: a notification at 08:00, in your time zone, on the day its next window (to sow indoors, sow outdoors, plant out or sow for autumn) opens in your garden, counted from the frost dates in your settings. Setting it again replaces it. From a tip, send its `tipId`: the tip must name the crop, and the notification leads back to it. 409 until your settings say where you garden.",
  request: {
    ...reminderRequest,
    body: { content: { "application/json": { schema: SowingReminderInputSchema } }, required: false },
  },
  responses: {
    200: jsonAnswer("Your reminder", SowingReminderSchema),
    ...errorResponses({
      400: "Invalid body, or a tip that does not name the crop",
      404: "No such crop, or no such tip you may see",
      409: "Your settings do not say where you garden yet",
    }),
  },
});

const removeReminderRoute = apiRoute({
  method: "delete",
  ...onReminder,
  operationId: "removeSowingReminder",
  summary: "Remove your reminder for a crop",
  description: "Idempotent: 204 whether or not you had one.",
  request: reminderRequest,
  responses: { 204: { description: "Removed" }, ...errorResponses({ 404: NO_CROP }) },
});

/** The crop a reminder route names; 404 when the calendar does not know it. */
async function knownCrop(db: Db, slug: string) {
  const crop = await findCrop(db, slug);
  if (!crop) throw new HttpError(404, NO_CROP);
  return crop;
}

export const cropsRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const { source } = c.req.valid("query");
    const added = source === "shipped" ? [] : await addedCrops(c.var.db);
    const crops =
      source === "site"
        ? added
        : source === "shipped"
          ? [...SHIPPED_CROPS]
          : [...SHIPPED_CROPS, ...added].sort(byName);
    // The same for everyone until an administrator changes the site's crops (or a release the list).
    markPublic(c, "everyone", source === "shipped" ? [] : ["site_crops"]);
    return c.json({ ...CROP_SOURCE, crops }, 200);
  })
  .openapi(saveCropRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { crop, created } = await saveSiteCrop(c.var.db, slug, c.req.valid("json"), c.var.user.id);
    return created ? c.json(crop, 201) : c.json(crop, 200);
  })
  .openapi(removeCropRoute, async (c) => {
    const { slug } = c.req.valid("param");
    await removeSiteCrop(c.var.db, slug, { untag: c.req.valid("query").untag === "true" });
    return c.body(null, 204);
  })
  .openapi(cropRoute, async (c) => {
    const crop = await findCrop(c.var.db, c.req.valid("param").slug);
    if (!crop) throw new HttpError(404, NO_CROP);
    const { hemisphere, lastFrost, frostFree, limit, offset } = c.req.valid("query");
    const place = hemisphere ? { hemisphere, lastFrost, frostFree } : null;
    const { rows, total } = await listCropTips(c.var.db, crop.slug, place, { limit, offset });
    // The place is in the address: one answer for everyone who asks it, until a tip or a place changes.
    markPublic(c, "everyone", ["tips", "member_settings", "site_crops"]);
    const images = imagesOf(c);
    return c.json(
      { ...crop, tips: { items: rows.map(({ tip, match }) => ({ tip: toTip(tip, images), match })), total } },
      200,
    );
  })
  .openapi(getReminderRoute, async (c) => {
    const crop = await knownCrop(c.var.db, c.req.valid("param").slug);
    return c.json({ reminder: await reminderOf(c.var.db, c.var.user.id, crop.slug) }, 200);
  })
  .openapi(setReminderRoute, async (c) => {
    const crop = await knownCrop(c.var.db, c.req.valid("param").slug);
    const body = c.req.valid("json") ?? {};
    return c.json(
      await setReminder(c.var.db, c.var.user.id, crop, { tipId: body.tipId, now: new Date() }),
      200,
    );
  })
  .openapi(removeReminderRoute, async (c) => {
    const crop = await knownCrop(c.var.db, c.req.valid("param").slug);
    await removeReminder(c.var.db, c.var.user.id, crop.slug);
    return c.body(null, 204);
  });
