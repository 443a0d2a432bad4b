import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { CropSchema } from "#shared/calendar/crops.ts";
import {
  CropPageQuerySchema,
  CropPageSchema,
  SowingReminderInputSchema,
  SowingReminderSchema,
  SowingReminderStateSchema,
} from "#shared/schemas/crop-page.ts";
import type { SignedInEnv } from "../../lib/app-env.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { CROP_SOURCE, CROPS, cropOf } from "../../lib/rules/crops.ts";
import { rateLimit } from "../../lib/security/rate-limit.ts";
import { requireUser } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { listCropTips, toTip } from "../tips/index.ts";
import { reminderOf, removeReminder, setReminder } from "./sowing-reminders.ts";

const NO_CROP = "No crop has that name";

const CropListSchema = z
  .object({
    /** What the list is, and how its windows count. */
    about: z.string(),
    /** The list's licence (an SPDX name). */
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
    "Public. Every crop with its names (en, fr, es, de), botanical name, kind, sowing windows in weeks from the last spring frost (sowIndoors, plantOut, sowDirect) or the first autumn frost (sowAutumn), days to maturity, spacing and what to do where it never freezes. The same list the calendar works from offline.",
  responses: { 200: jsonAnswer("The crops, by name", CropListSchema) },
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
function knownCrop(slug: string): string {
  if (!cropOf(slug)) throw new HttpError(404, NO_CROP);
  return slug;
}

export const cropsRouter = createRouter()
  .openapi(listRoute, (c) => {
    // The same for everyone until the server restarts with another list.
    markPublic(c, "everyone", []);
    return c.json({ ...CROP_SOURCE, crops: [...CROPS] }, 200);
  })
  .openapi(cropRoute, async (c) => {
    const crop = cropOf(c.req.valid("param").slug);
    if (!crop) throw new HttpError(404, NO_CROP);
    const { hemisphere, lastFrost, frostFree, limit, offset } = c.req.valid("query");
    const place = hemisphere ? { hemisphere, lastFrost, frostFree } : null;
    const { rows, total } = await listCropTips(c.var.db, crop.slug, place, { limit, offset });
    // The place is in the address: one answer for everyone who asks it, until a tip or a place changes.
    markPublic(c, "everyone", ["tips", "member_settings"]);
    const images = imagesOf(c);
    return c.json(
      { ...crop, tips: { items: rows.map(({ tip, match }) => ({ tip: toTip(tip, images), match })), total } },
      200,
    );
  })
  .openapi(getReminderRoute, async (c) => {
    const crop = knownCrop(c.req.valid("param").slug);
    return c.json({ reminder: await reminderOf(c.var.db, c.var.user.id, crop) }, 200);
  })
  .openapi(setReminderRoute, async (c) => {
    const crop = knownCrop(c.req.valid("param").slug);
    const body = c.req.valid("json") ?? {};
    return c.json(
      await setReminder(c.var.db, c.var.user.id, crop, { tipId: body.tipId, now: new Date() }),
      200,
    );
  })
  .openapi(removeReminderRoute, async (c) => {
    await removeReminder(c.var.db, c.var.user.id, knownCrop(c.req.valid("param").slug));
    return c.body(null, 204);
  });
