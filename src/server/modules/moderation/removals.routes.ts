import { z } from "zod";
import { RemovalCountSchema } from "#shared/schemas/moderation.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute } from "../../lib/requests/openapi.ts";
import { countRemovals, REMOVAL_MONTHS } from "./removals.ts";

const removalsRoute = apiRoute({
  method: "get",
  path: "/moderation/removals",
  operationId: "countModerationRemovals",
  tags: ["Moderation"],
  summary: "Removals by month and reason",
  description: `Public. For the last ${REMOVAL_MONTHS} months (UTC), newest first: how many items the moderators hid or removed, by the reports' reason, leaving out decisions reversed on appeal or undone by an administrator. Counts only: no names, no items. Months and reasons without removals are left out.`,
  responses: {
    200: {
      description: "The counts",
      content: { "application/json": { schema: z.array(RemovalCountSchema) } },
    },
  },
});

export const removalsRouter = createRouter().openapi(removalsRoute, async (c) => {
  // The same for everyone, and a few minutes old is fine.
  c.header("Cache-Control", "public, max-age=300");
  return c.json(await countRemovals(c.var.db), 200);
});
