import { z } from "zod";
import { TOTAL_COUNT_HEADER } from "#shared/constants.ts";
import { GardenerListQuerySchema, GardenerSchema } from "#shared/schemas/gardener.ts";
import { createRouter } from "../../lib/create-router.ts";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";
import { markPublic } from "../../lib/public-cache-layer.ts";
import { imageUrls } from "../../lib/urls.ts";
import { toGardener } from "./gardener-dto.ts";
import { listGardeners } from "./gardeners.service.ts";

const listGardenersRoute = apiRoute({
  method: "get",
  path: "/gardeners",
  operationId: "listGardeners",
  tags: ["Gardeners"],
  summary: "List gardeners",
  description:
    "Gardeners ordered by name, one page at a time. `?status=active` gives the featured gardeners of the home page. The total number of matching gardeners is in the X-Total-Count header.",
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

export const gardenersRouter = createRouter().openapi(listGardenersRoute, async (c) => {
  const { rows, total } = await listGardeners(c.var.db, c.req.valid("query"));
  // A gardener's totalSharedTips counts their public tips.
  markPublic(c, "everyone", ["gardeners", "tips"]);
  const imageUrl = imageUrls(c);
  c.header(TOTAL_COUNT_HEADER, String(total));
  return c.json(
    rows.map((row) => toGardener(row, imageUrl)),
    200,
  );
});
