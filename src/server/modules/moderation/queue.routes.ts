import { z } from "zod";
import { OVERDUE_REPORT_HOURS } from "#shared/constants.ts";
import { QueueCountSchema, QueueItemSchema, QueueQuerySchema } from "#shared/schemas/moderation.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { requireRole } from "../../lib/security/session.ts";
import { imagesOf } from "../../lib/urls.ts";
import { toQueueItem } from "./moderation-dto.ts";
import { countWaiting, readQueue } from "./queue.ts";

const queueRoute = apiRoute({
  method: "get",
  path: "/moderation/queue",
  operationId: "readModerationQueue",
  tags: ["Moderation"],
  summary: "The moderation queue",
  description: `Reported items waiting for a decision, heaviest first (the weight of their open reports), then the longest waiting. Each with its reports, the item as it is now, its author and the author's earlier decisions; \`overdue\` marks those waiting more than ${OVERDUE_REPORT_HOURS} hours. For moderators and administrators.`,
  middleware: [requireRole("moderator", "Sign in to see the moderation queue")] as const,
  request: { query: QueueQuerySchema },
  responses: {
    200: {
      description: "The open cases",
      content: { "application/json": { schema: z.array(QueueItemSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

const queueCountRoute = apiRoute({
  method: "get",
  path: "/moderation/queue/count",
  operationId: "countModerationQueue",
  tags: ["Moderation"],
  summary: "How many cases wait",
  description:
    "The number of open cases the caller may decide (not those about themselves; those about the team only to administrators), as the header's Moderation (N waiting) shows it. For moderators and administrators.",
  middleware: [requireRole("moderator", "Sign in to see the moderation queue")] as const,
  responses: {
    200: { description: "The number waiting", content: { "application/json": { schema: QueueCountSchema } } },
    ...errorResponses({}),
  },
});

export const queueRouter = createRouter()
  .openapi(queueRoute, async (c) => {
    const images = imagesOf(c);
    const rows = await readQueue(c.var.db, {
      ...c.req.valid("query"),
      viewer: { id: c.var.user.id, role: c.var.user.role },
    });
    return c.json(
      rows.map((row) => toQueueItem(row, images)),
      200,
    );
  })
  .openapi(queueCountRoute, async (c) => {
    const waiting = await countWaiting(c.var.db, { id: c.var.user.id, role: c.var.user.role });
    return c.json({ waiting }, 200);
  });
