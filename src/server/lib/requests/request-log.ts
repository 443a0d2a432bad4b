import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import type { AppEnv } from "../app-env.ts";
import type { ServerLogger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { type RequestNote, requestContext } from "./request-context.ts";

/** An id a trusted proxy in front already gave the request is kept when it is a plain token. */
const PLAIN_ID = /^[\w.:-]{1,128}$/;

/** Asked every few seconds by load balancers and scrapers: their lines are written at debug. */
const POLLED_ROUTES = new Set(["/api/health", "/api/health/live", "/api/health/ready", "/metrics"]);

/** What a request's line says when the app never named its route (a refusal before the app, an abort). */
const NO_ROUTE = "(none)";

/**
 * Watches every request the server takes, however it is answered (the cache's fast path or the app), as
 * ADR 044 says: gives it an id (the `X-Request-Id` a trusted proxy sent, when it is a plain token, or a
 * new one),
 * sends that id back in `X-Request-Id`, and when the answer has gone writes one log line (method, route
 * pattern, status, milliseconds, id, account) and counts it in the metrics. The line never holds the
 * path asked for, a query, a header or a body: no token, password or cookie can reach the log this way.
 */
export function observeRequests({
  logger,
  metrics,
  trustProxy,
}: {
  logger: ServerLogger;
  metrics: Metrics;
  /** Whether a proxy in front sets the headers (TRUST_PROXY above 0): then its X-Request-Id is kept. */
  trustProxy: boolean;
}) {
  return (req: IncomingMessage, res: ServerResponse): RequestNote => {
    // Only a proxy we trust may name the request: a client's own id could pass for another request's.
    const sent = trustProxy ? req.headers["x-request-id"] : undefined;
    const note: RequestNote = { id: typeof sent === "string" && PLAIN_ID.test(sent) ? sent : randomUUID() };
    res.setHeader("X-Request-Id", note.id);
    const started = process.hrtime.bigint();
    const done = () => {
      res.off("finish", done);
      res.off("close", done);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = req.method ?? "";
      const route = note.route ?? note.matched ?? NO_ROUTE;
      // A client that went away before the answer was sent has no status it saw: 499, as nginx writes
      // it; an answer the server itself broke off (a failing stream) is the server's fault: 500.
      const status = res.writableFinished ? res.statusCode : res.errored ? 500 : 499;
      metrics.request(method, route, status, seconds);
      // Polled routes stay at debug whatever they answer (their 503 is what they are asked for); a 503
      // says something is out of reach for a while (warn); any other fault of the server is an error.
      const level = POLLED_ROUTES.has(route)
        ? "debug"
        : status === 503
          ? "warn"
          : status >= 500
            ? "error"
            : "info";
      if (!logger.pino.isLevelEnabled(level)) return;
      const ms = Math.round(seconds * 10_000) / 10;
      logger.pino[level](
        {
          reqId: note.id,
          method,
          route,
          status,
          ms,
          ...(note.account ? { account: note.account } : {}),
          ...(note.cache ? { cache: note.cache } : {}),
        },
        `${method} ${route} ${status} ${ms} ms`,
      );
    };
    res.once("finish", done);
    res.once("close", done);
    return note;
  };
}

/**
 * The app's side of the request log: once the app has answered, notes the route pattern that answered
 * (`/api/tips/:id`, or what `routeOf` names for a mounted handler such as better-auth's) and the
 * signed-in account, when a route read one. A stored answer sent by the cache notes its own route.
 */
export function noteRequests(
  routeOf: (method: string, path: string, pattern: string) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const note = requestContext.getStore();
    if (!note) return next();
    // The route that will answer, known now: the last matched one that is not middleware for all methods.
    const pattern = matchedRoutes(c).findLast((route) => route.method !== "ALL")?.path;
    if (pattern) note.matched = routeOf(c.req.method, c.req.path, pattern);
    try {
      await next();
    } finally {
      note.route ??= routeOf(c.req.method, c.req.path, routePath(c));
      const account = c.var.sessionUser?.id;
      if (account) note.account = account;
    }
  };
}
