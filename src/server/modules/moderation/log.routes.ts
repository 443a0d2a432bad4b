import { z } from "zod";
import { NEXT_CURSOR_HEADER } from "#shared/constants.ts";
import { LogEntrySchema, LogQuerySchema } from "#shared/schemas/moderation.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { requireRole } from "../../lib/security/session.ts";
import { readLog } from "./log.ts";
import { toLogEntry } from "./moderation-dto.ts";

const logRoute = apiRoute({
  method: "get",
  path: "/moderation/log",
  operationId: "readModerationLog",
  tags: ["Moderation"],
  summary: "The moderation log",
  description:
    'Every moderation action, the site\'s own included (actor "system", no handle), newest first, 50 a page: pass X-Next-Cursor back as `cursor` for the next. Filter by `moderator` (who acted), `member` (whom it concerned), both handles, and `from`/`to` days (UTC, both included). Nothing can change or remove an entry. For moderators and administrators.',
  middleware: [requireRole("moderator", "Sign in to read the moderation log")] as const,
  request: { query: LogQuerySchema },
  responses: {
    200: {
      description: "One page of the log",
      headers: z.object({
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(LogEntrySchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters, or a handle no gardener has" }),
  },
});

export const logRouter = createRouter().openapi(logRoute, async (c) => {
  const { rows, nextCursor } = await readLog(c.var.db, c.req.valid("query"));
  if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
  return c.json(rows.map(toLogEntry), 200);
});
