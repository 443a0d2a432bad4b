import { z } from "zod";
import { CropSchema } from "#shared/calendar/crops.ts";
import { markPublic } from "../../lib/cache/public-cache-layer.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { CROP_SOURCE, CROPS, cropOf } from "./crop-list.ts";

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
  summary: "One crop",
  description: "Public. The crop its page, /crops/{slug}, is about.",
  request: {
    params: z.object({
      slug: z
        .string()
        .max(100)
        .meta({ description: "The crop's slug, such as broad-bean", example: "tomato" }),
    }),
  },
  responses: { 200: jsonAnswer("The crop", CropSchema), ...errorResponses({ 404: NO_CROP }) },
});

export const cropsRouter = createRouter()
  .openapi(listRoute, (c) => {
    // The same for everyone until the server restarts with another list.
    markPublic(c, "everyone", []);
    return c.json({ ...CROP_SOURCE, crops: [...CROPS] }, 200);
  })
  .openapi(cropRoute, (c) => {
    const crop = cropOf(c.req.valid("param").slug);
    if (!crop) throw new HttpError(404, NO_CROP);
    markPublic(c, "everyone", []);
    return c.json(crop, 200);
  });
