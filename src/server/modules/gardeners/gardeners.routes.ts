import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { TOTAL_COUNT_HEADER } from "#shared/constants.ts";
import { GardenerListQuerySchema, GardenerSchema } from "#shared/schemas/gardener.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { errorResponses } from "../../lib/openapi.ts";
import { absoluteUrl, siteOrigin } from "../../lib/urls.ts";
import { gardenerImage, listGardeners } from "./gardeners.service.ts";

const listGardenersRoute = createRoute({
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

export function registerGardenerRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listGardenersRoute, async (c) => {
    const query = c.req.valid("query");
    const { items, total } = await listGardeners(c.var.db, query);
    const origin = siteOrigin(c);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      items.map((gardener) => ({ ...gardener, image: absoluteUrl(gardenerImage(gardener.image), origin) })),
      200,
    );
  });
}
