import type { RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { BlankEnv } from "hono/types";

type ResponseConfig = RouteConfig["responses"][string];

/** What a route middleware answers before the route's handler runs, as the API document lists it. */
export type MiddlewareAnswers = Record<number, ResponseConfig>;

const ANSWERS = Symbol("answers");

/** `middleware`, marked with the answers it gives of its own (401 for a visitor, 429 past a limit). */
export function answering<M extends object>(middleware: M, answers: MiddlewareAnswers): M {
  return Object.assign(middleware, { [ANSWERS]: answers });
}

/** The answers a route's middleware give of their own, one set per middleware that gives any. */
export function declaredAnswers(middleware: unknown): MiddlewareAnswers[] {
  return [middleware ?? []]
    .flat()
    .flatMap((handler) =>
      typeof handler === "function" && ANSWERS in handler ? [handler[ANSWERS] as MiddlewareAnswers] : [],
    );
}

/**
 * What a route needs of the app's own middleware, said by the route itself: app-wide steps that run before
 * any route (the body limit, the JSON body) look up the route the request is going to and do what it
 * declares. Nothing about a route is kept as a path elsewhere.
 */
export interface RouteNeeds {
  /** The most its body may hold, and how a refusal says so; 64 KB when not declared. */
  bodyLimit?: { maxSize: number; message: string };
  /** Its body is not a JSON object: the route reads it itself (a multipart upload). */
  rawBody?: true;
  /** It reads the session when there is one, and answers visitors as well. */
  optionalSession?: true;
}

const NEEDS = Symbol("route needs");
/** How Hono keeps a handler it wrapped when a router with its own error handler was mounted. */
const COMPOSED_HANDLER = "__COMPOSED_HANDLER";

/**
 * Route middleware that declares `needs` (and documents `answers`, as `requireUser` does its 401). It does
 * nothing when the route runs: the app's middleware has read the declaration before.
 */
export function declaring(needs: RouteNeeds, answers: MiddlewareAnswers = {}): MiddlewareHandler<BlankEnv> {
  const declared: MiddlewareHandler<BlankEnv> = (_c, next) => next();
  return answering(Object.assign(declared, { [NEEDS]: needs }), answers);
}

function needsIn(handler: unknown): RouteNeeds | undefined {
  if (typeof handler !== "function") return undefined;
  const own = (handler as { [NEEDS]?: RouteNeeds })[NEEDS];
  return own ?? needsIn((handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER]);
}

/** Each request's needs, read once: the body limit and the JSON gate both ask, on every request. */
const needsOfRequest = new WeakMap<Context, RouteNeeds>();

/** The needs the route that will answer this request declared (none for a path no route has). */
export function needsOf(c: Context): RouteNeeds {
  const known = needsOfRequest.get(c);
  if (known) return known;
  const needs: RouteNeeds = {};
  for (const { handler } of matchedRoutes(c)) Object.assign(needs, needsIn(handler));
  needsOfRequest.set(c, needs);
  return needs;
}

/** The needs declared among a route's middleware, for the API document. */
export function declaredNeeds(middleware: unknown): RouteNeeds {
  const needs: RouteNeeds = {};
  for (const handler of [middleware ?? []].flat()) Object.assign(needs, needsIn(handler));
  return needs;
}
