import { z } from "zod";
import type { Crop } from "#shared/calendar/crops.ts";
import { DEFAULT_AVATAR_IMAGE, NEXT_CURSOR_HEADER } from "#shared/constants.ts";
import {
  MarkReadSchema,
  type Notification,
  NotificationListQuerySchema,
  NotificationSchema,
  UnreadCountSchema,
} from "#shared/schemas/notification.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { apiRoute, errorResponses, jsonAnswer } from "../../lib/requests/openapi.ts";
import { cropsNamed } from "../../lib/rules/crops.ts";
import { requireUser } from "../../lib/security/session.ts";
import { type Images, imagesOf } from "../../lib/urls.ts";
import { listNotifications, markRead, type NotificationRow, unreadCount } from "./notifications.service.ts";
import { notePresence } from "./presence.ts";

const SIGN_IN = "Sign in to see your notifications";

/**
 * Where opening a notification leads: the moderators' word on Your reports, the comment on its tip, the
 * tip, or the newest follower's page.
 */
function pathOf(row: NotificationRow): string {
  if (row.kind === "decision") return "/reports#decisions";
  if (row.kind === "export") return "/profile#your-data";
  if (row.kind === "outcome") return "/reports#reported";
  if (row.kind === "sowing" && row.crop) return `/crops/${row.crop}`;
  if (row.comment && row.tip) return `/tips/${row.tip.id}#comment-${row.comment.id}`;
  if (row.tip) return `/tips/${row.tip.id}`;
  const first = row.actors[0];
  if (row.kind === "follow" && first) return `/gardeners/${first.handle}`;
  return "/notifications";
}

function toNotification(row: NotificationRow, images: Images, crops: Map<string, Crop>): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    actors: row.actors.map((actor) => ({
      name: actor.name,
      handle: actor.handle,
      image: images.url(actor.image, actor.photo, DEFAULT_AVATAR_IMAGE),
      ...images.view(actor.photo),
    })),
    actorCount: row.actorIds.length,
    fromNewcomer: row.fromNewcomer,
    ...(row.tip ? { tip: { _id: row.tip.id, title: row.tip.title } } : {}),
    ...(row.comment ? { comment: { _id: row.comment.id, excerpt: row.comment.excerpt } } : {}),
    ...(row.moderation ? { moderation: row.moderation } : {}),
    ...(row.crop ? { crop: { slug: row.crop, name: crops.get(row.crop)?.names.en ?? row.crop } } : {}),
    path: pathOf(row),
  };
}

const listRoute = apiRoute({
  method: "get",
  path: "/notifications",
  operationId: "listNotifications",
  tags: ["Notifications"],
  summary: "Your notifications",
  description:
    "Newest first by their latest event, 20 a page: pass X-Next-Cursor back as `cursor` for the next. A comment on your tip, a reply to your comment, a comment naming you (`@handle`), the moderators' decision about what you posted and the outcome of your report, likes on your tip and new followers (each grouped while unread, within 12 hours), a new public tip from a gardener you follow, a bookmark's reminder, a crop's sowing time (`crop`). Never of your own action, from a member you blocked or an account on hold, nor about hidden, held or deleted content. Those from accounts younger than a week you do not follow are listed apart: `newcomers=true`.",
  middleware: [requireUser(SIGN_IN)] as const,
  request: { query: NotificationListQuerySchema },
  responses: {
    200: {
      description: "One page of your notifications",
      headers: z.object({
        [NEXT_CURSOR_HEADER]: z.string().optional().meta({ description: "Where the next page starts" }),
      }),
      content: { "application/json": { schema: z.array(NotificationSchema) } },
    },
    ...errorResponses({ 400: "Malformed query parameters" }),
  },
});

const countRoute = apiRoute({
  method: "get",
  path: "/notifications/unread-count",
  operationId: "getUnreadCount",
  tags: ["Notifications"],
  summary: "How many notifications wait unread",
  description: "`count` is the bell's (those from new members are counted apart, in `fromNewcomers`).",
  middleware: [requireUser(SIGN_IN)] as const,
  responses: { 200: jsonAnswer("Your unread notifications", UnreadCountSchema), ...errorResponses({}) },
});

const readRoute = apiRoute({
  method: "post",
  path: "/notifications/read",
  operationId: "markNotificationsRead",
  tags: ["Notifications"],
  summary: "Mark notifications read",
  description:
    "Marks those `ids` names read, or every one when the body has no `ids`. Ids that are not yours, or already read, change nothing. Answers what is left unread.",
  middleware: [requireUser(SIGN_IN)] as const,
  request: {
    body: { content: { "application/json": { schema: MarkReadSchema } }, required: false },
  },
  responses: {
    200: jsonAnswer("What is left unread", UnreadCountSchema),
    ...errorResponses({ 400: "Invalid ids" }),
  },
});

export const notificationsRouter = createRouter()
  .openapi(listRoute, async (c) => {
    const { rows, nextCursor } = await listNotifications(c.var.db, c.var.user.id, c.req.valid("query"));
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    const images = imagesOf(c);
    const crops = await cropsNamed(c.var.db, [
      ...new Set(rows.flatMap((row) => (row.crop ? [row.crop] : []))),
    ]);
    return c.json(
      rows.map((row) => toNotification(row, images, crops)),
      200,
    );
  })
  .openapi(countRoute, async (c) => {
    // A page that asks is a page open: its member is not away.
    await notePresence(c.var.db, c.var.user.id);
    return c.json(await unreadCount(c.var.db, c.var.user.id), 200);
  })
  .openapi(readRoute, async (c) => {
    const { ids } = c.req.valid("json") ?? {};
    return c.json(await markRead(c.var.db, c.var.user.id, ids), 200);
  });
