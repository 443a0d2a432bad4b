import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { matchedRoutes, routePath } from "hono/route";
import type { AppEnv } from "../app-env.ts";
import { escapeLineBreaks, isoTimeNow, type LogLevel, type ServerLogger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { type RequestNote, requestContext } from "./request-context.ts";
import { ByRequestKind } from "./request-kinds.ts";

/** An id a trusted proxy in front already gave the request is kept when it is a plain token. */
const PLAIN_ID = /^[\w.:-]{1,128}$/;

/** Asked every few seconds by load balancers and scrapers: their lines are written at debug. */
const POLLED_ROUTES = new Set(["/api/health", "/api/health/live", "/api/health/ready", "/metrics"]);

/** What a request's line says when the app never named its route (a refusal before the app, an abort). */
const NO_ROUTE = "(none)";

/** A string as JSON writes it, less its quotes, with the line breaks JSON leaves as they are escaped. */
const jsonText = (text: string) => escapeLineBreaks(JSON.stringify(text).slice(1, -1));

type LineLevel = Exclude<LogLevel, "silent">;

interface LineParts {
  level: LineLevel;
  /** `{"level":…,"time":"`, the time follows. */
  head: string;
  /** The method, route, status and the `ms` key: the milliseconds follow. */
  middle: string;
  /** The message's words before the milliseconds, as JSON text. */
  said: string;
}

/**
 * What a request's line says of its level, method, route and status, written as JSON once for each kind
 * of request and kept (ADR 066): a line costs the time, the id and the milliseconds, not a serializer's
 * walk over an object.
 */
const prepared = new ByRequestKind<LineParts>((method, route, status) => {
  const level = levelOf(route, status);
  return {
    level,
    head: `{"level":"${level}","time":"`,
    middle: `,"method":"${jsonText(method)}","route":"${jsonText(route)}","status":${status},"ms":`,
    said: jsonText(`${method} ${route} ${status} `),
  };
});

/**
 * Polled routes stay at debug whatever they answer (their 503 is what they are asked for); a 503 says
 * something is out of reach for a while (warn); any other fault of the server is an error.
 */
function levelOf(route: string, status: number): LineLevel {
  if (POLLED_ROUTES.has(route)) return "debug";
  if (status === 503) return "warn";
  return status >= 500 ? "error" : "info";
}

/** A request's note while it is watched: when it arrived besides what the note holds. */
interface WatchedNote extends RequestNote {
  readonly arrived: bigint;
}

/** What the server does with each request it takes, however it is answered (ADR 044). */
export interface RequestWatch {
  /**
   * A request arrived: its note, with its id (the `X-Request-Id` a trusted proxy sent, when it is a plain
   * token, or a new one), which the server sends back in `X-Request-Id`.
   */
  begin(req: IncomingMessage): WatchedNote;
  /** Writes the line and counts the request once its answer has gone, or its client went away first. */
  follow(req: IncomingMessage, res: ServerResponse, note: WatchedNote): void;
  /**
   * Writes the line and counts the request now: for an answer handed whole to the connection from memory
   * (a stored one), `status` being what was sent. Nothing can fail after that but the connection, and
   * following its close costs a cached read more than the rest of its watching (ADR 071).
   */
  sent(req: IncomingMessage, status: number, note: WatchedNote): void;
}

/** The watch when watching is off (REQUEST_WATCHING=off, to measure what it costs): no id, line or figure. */
export const unwatched: RequestWatch = {
  begin: () => ({ id: "", arrived: 0n }),
  follow: () => {},
  sent: () => {},
};

/**
 * Watches every request the server takes: gives it an id, and when the answer has gone writes one log
 * line (method, route pattern, status, milliseconds, id, account) and counts it in the metrics. The line
 * never holds the path asked for, a query, a header or a body: no token, password or cookie can reach the
 * log this way.
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
}): RequestWatch {
  const done = (method: string, status: number, note: WatchedNote) => {
    const seconds = Number(process.hrtime.bigint() - note.arrived) / 1e9;
    const route = note.route ?? note.matched ?? NO_ROUTE;
    metrics.request(method, route, status, seconds);
    const { level, head, middle, said } = prepared.get(method, route, status);
    if (!logger.enabled(level)) return;
    const ms = Math.round(seconds * 10_000) / 10;
    logger.writeLine(
      `${head}${isoTimeNow()}","reqId":"${note.id}"${middle}${ms}${
        note.account ? `,"account":${JSON.stringify(note.account)}` : ""
      }${note.cache ? `,"cache":"${note.cache}"` : ""},"msg":"${said}${ms} ms"}`,
    );
  };
  return {
    begin(req) {
      // Only a proxy we trust may name the request: a client's own id could pass for another request's.
      const given = trustProxy ? req.headers["x-request-id"] : undefined;
      const id = typeof given === "string" && PLAIN_ID.test(given) ? given : randomUUID();
      return { id, arrived: process.hrtime.bigint() };
    },
    follow(req, res, note) {
      // A response is closed once it has been sent, or when its client went away first: one event for both.
      res.once("close", () =>
        // A client that went away before the answer was sent has no status it saw: 499, as nginx writes
        // it; an answer the server itself broke off (a failing stream) is the server's fault: 500.
        done(req.method ?? "", res.writableFinished ? res.statusCode : res.errored ? 500 : 499, note),
      );
    },
    sent(req, status, note) {
      done(req.method ?? "", status, note);
    },
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
