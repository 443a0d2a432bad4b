import { z } from "zod";
import { CropSchema } from "#shared/calendar/crops.ts";
import { CropPageQuerySchema, CropPageSchema } from "#shared/schemas/crop-page.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { CROP_SOURCE, CROPS, cropOf } from "../../lib/rules/crops.ts";
import { imagesOf } from "../../lib/urls.ts";
import { listCropTips, toTip } from "../tips/index.ts";

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
  });
