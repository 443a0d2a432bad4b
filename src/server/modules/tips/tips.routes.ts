import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { ApiErrorSchema, TOTAL_COUNT_HEADER } from "#shared/schemas/common.ts";
import { NEXT_CURSOR_HEADER, TipListQuerySchema, TipSchema } from "#shared/schemas/tip.ts";
import type { AppEnv } from "../../app.ts";
import { HttpError } from "../../lib/errors.ts";
import { getSessionUser } from "../../lib/session.ts";
import { requestOrigin } from "../../lib/urls.ts";
import { findVisibleTip, listTips, toTip } from "./tips.service.ts";

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ApiErrorSchema } },
});

const listTipsRoute = createRoute({
  method: "get",
  path: "/tips",
  tags: ["Tips"],
  summary: "List tips",
  description: [
    "Public tips, filtered and searched on the server, one page at a time. The body is a JSON array; the number",
    "of matching tips is in X-Total-Count and, when there are more, a cursor for the next page in X-Next-Cursor",
    "(pass it back as `cursor`; `offset` works too). `?availability=Public&sort=likes&limit=6` gives the trending",
    "tips. `?email=` lists the signed-in user's own tips of every availability and answers 403 for anyone else.",
    "`q` searches title, plant type, category and author name, case-insensitively.",
  ].join(" "),
  request: { query: TipListQuerySchema },
  responses: {
    200: {
      description: "One page of tips",
      headers: z.object({
        [TOTAL_COUNT_HEADER]: z.string().meta({ description: "Number of matching tips" }),
        [NEXT_CURSOR_HEADER]: z
          .string()
          .optional()
          .meta({ description: "Cursor of the next page, when there is one" }),
      }),
      content: { "application/json": { schema: z.array(TipSchema) } },
    },
    400: errorResponse("Malformed query parameters"),
    403: errorResponse("Listing someone else's tips, or non-public tips without ?email="),
  },
});

const getTipRoute = createRoute({
  method: "get",
  path: "/tips/{id}",
  tags: ["Tips"],
  summary: "One tip",
  description:
    "Hidden and private tips answer 404 to anyone but their author, as do unknown and malformed ids.",
  request: { params: z.object({ id: z.string().meta({ description: "The tip's _id" }) }) },
  responses: {
    200: { description: "The tip", content: { "application/json": { schema: TipSchema } } },
    404: errorResponse("No such tip, or not visible to the caller"),
  },
});

export function registerTipRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listTipsRoute, async (c) => {
    const query = c.req.valid("query");
    let ownEmail: string | undefined;
    if (query.email) {
      const user = await getSessionUser(c);
      if (!user) throw new HttpError(403, "Sign in to list your own tips");
      if (user.email !== query.email) throw new HttpError(403, "You can only list your own tips by e-mail");
      ownEmail = user.email;
    } else if (query.availability && query.availability !== "Public") {
      throw new HttpError(
        400,
        'Invalid query parameter "availability": only Public tips are listed to everyone',
      );
    }
    const { rows, total, nextCursor } = await listTips(c.var.db, query, { ownEmail });
    const origin = requestOrigin(c.req.url);
    c.header(TOTAL_COUNT_HEADER, String(total));
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(
      rows.map((row) => toTip(row, origin)),
      200,
    );
  });

  app.openapi(getTipRoute, async (c) => {
    const { id } = c.req.valid("param");
    const user = await getSessionUser(c);
    const row = await findVisibleTip(c.var.db, id, user?.email ?? null);
    if (!row) throw new HttpError(404, "Tip not found");
    return c.json(toTip(row, requestOrigin(c.req.url)), 200);
  });
}
