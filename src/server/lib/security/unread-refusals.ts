import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/**
 * How the app is handed Node's requests, here and in tests that listen on a real port. Hono's node
 * server would otherwise read and drop whatever body a route left unread once it has answered; the
 * routes that take large bodies decide that themselves (`refusalsLeaveBodyUnread`), and Node drops a body
 * nobody touched on its own, keeping the connection for the next request (ADR 030).
 */
export const NODE_LISTENER_OPTIONS = { autoCleanupIncoming: false } as const;

/**
 * How long a refused request's connection stays open after its answer, its body unread. Fetch clients
 * read an answer that comes while they are still sending, but report a failed send instead when the
 * connection is reset first; browsers report the answer once the connection is reset, not before. So the
 * answer goes out, then the end of the connection, and the reset only after this long.
 */
const REFUSAL_LINGER_MS = 2_000;

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

/**
 * For a route that takes bodies of megabytes (photos): a refusal answered before the body was read (not
 * signed in, over a limit, the queue full) leaves the body unread instead of reading and dropping it,
 * which on a burst of 24 uploads of 6 MB kept the event loop from everyone else's requests for a third
 * of a second (ADR 030). Put it first in the route's middleware, so it sees every refusal after it.
 */
export const refusalsLeaveBodyUnread: MiddlewareHandler = async (c, next) => {
  await next();
  const { incoming, outgoing } = nodeBindings(c);
  if (!incoming || !outgoing || c.res.status < 400) return;
  // Touched (read, or being dropped by the route) or already complete: Node handles it as usual.
  if (incoming.readableFlowing !== null || incoming.readableEnded || incoming.destroyed) return;
  // Read no further. Taking what has arrived (a few kilobytes) marks the body as begun, so Node does not
  // read and drop the rest after the answer, as it does with a body nobody touched; paused, the
  // connection is read no more.
  incoming.pause();
  incoming.read();
  const { socket } = incoming;
  outgoing.once("finish", () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  });
};

function nodeBindings(c: Context): NodeBindings {
  return (c.env ?? {}) as NodeBindings;
}
