import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { MemberEvents } from "../../lib/events/member-events.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import { apiRoute, errorResponses } from "../../lib/requests/openapi.ts";
import { requireUser } from "../../lib/security/session.ts";
import { unreadCount } from "./notifications.service.ts";
import { endPresence, presentUntil } from "./presence.ts";

/** A comment line this often keeps proxies from closing a quiet stream; it asks the database nothing. */
const KEEPALIVE_MS = 25_000;
/**
 * A stream ends after this long and the browser opens a new one (EventSource does so by itself): a
 * session that ended meanwhile is then asked again, and no connection outlives a deploy by much.
 */
const LIFETIME_MS = 15 * 60_000;
/** How soon the browser opens the next stream once one ended, in ms (SSE's `retry`). */
const RETRY_MS = 3_000;

const eventsRoute = apiRoute({
  method: "get",
  path: "/events",
  operationId: "streamEvents",
  tags: ["Notifications"],
  summary: "Your unread count, live",
  description: `A server-sent event stream (ask for \`text/event-stream\`): an \`unread\` event with \`{count, fromNewcomers}\` at once and whenever it changes. A comment line every ${KEEPALIVE_MS / 1000} seconds keeps it open; it ends after ${LIFETIME_MS / 60_000} minutes and the browser opens a new one. One per browser is enough: its tabs share it.`,
  middleware: [requireUser("Sign in to see your notifications")] as const,
  responses: {
    200: {
      description: "The stream",
      content: { "text/event-stream": { schema: z.string() } },
    },
    ...errorResponses({ 406: "Not asked for as text/event-stream" }),
  },
});

/** The event stream of the signed-in member's unread count, woken by `events` (ADR 080). */
export function createEventsRouter(events: MemberEvents) {
  return createRouter().openapi(eventsRoute, (c) => {
    if (!c.req.header("accept")?.includes("text/event-stream"))
      throw new HttpError(406, "This is an event stream: ask for it as text/event-stream");
    const { db, user, logger } = c.var;
    return streamSSE(c, async (stream) => {
      // One read at a time per stream; changes that come during a read are answered by one more.
      let reading = false;
      let again = false;
      const send = async () => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const count = await unreadCount(db, user.id);
            await stream.writeSSE({ event: "unread", data: JSON.stringify(count), retry: RETRY_MS });
          } while (again && !stream.aborted);
        } catch (error) {
          logger.warn("An event stream could not be answered; the browser opens another", error);
          stream.abort();
        } finally {
          reading = false;
        }
      };
      let end = () => {};
      const ended = new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
        setTimeout(resolve, LIFETIME_MS).unref();
      });
      const stop = events.open(user.id, { wake: () => void send(), end });
      // An open stream is an open page: its member is not away (ADR 081), for as long as it may last,
      // written once, so that an idle stream costs the database nothing.
      const present = presentUntil(db, user.id, LIFETIME_MS).catch((error) => {
        logger.warn("A member's presence could not be noted", error);
        return null;
      });
      const keepalive = setInterval(() => {
        void stream.write(": keepalive\n\n").catch(() => {});
      }, KEEPALIVE_MS);
      try {
        await send();
        await ended;
      } finally {
        clearInterval(keepalive);
        stop();
        const until = await present;
        if (until)
          await endPresence(db, user.id, until).catch((error) =>
            logger.warn("A member's presence could not be noted", error),
          );
      }
    });
  });
}
