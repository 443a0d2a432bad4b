import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { declaredAnswers, declaredNeeds, type MiddlewareAnswers } from "./route-needs.ts";

/**
 * Error answers for a route's `responses`, in the API's one error shape, by status:
 * `errorResponses({ 403: "Not the author", 404: "No such tip" })`. A route lists only what its own handler
 * answers: its middleware's answers come from the middleware (`apiRoute`), and those the app's middleware
 * gives any operation (400, 403, 413, 415, 500) are added by modules/docs/openapi-document.ts.
 */
export function errorResponses<Status extends number>(descriptions: Record<Status, string>) {
  return Object.fromEntries(
    Object.entries<string>(descriptions).map(([status, description]) => [
      status,
      { description, content: { "application/json": { schema: ApiErrorSchema } } },
    ]),
  ) as Record<
    Status,
    { description: string; content: { "application/json": { schema: typeof ApiErrorSchema } } }
  >;
}

/** A JSON answer for a route's `responses`: `200: jsonAnswer("The tip", TipSchema)`. */
export function jsonAnswer<Schema>(description: string, schema: Schema) {
  return { description, content: { "application/json": { schema } } };
}

/**
 * `createRoute`, with the answers of the route's middleware added to its responses: a route behind
 * `requireUser()` documents its 401 (and so its need for a session), one behind `rateLimit()` its 429 with
 * Retry-After, because the middleware says so, not a list kept beside it.
 */
export function apiRoute<R extends RouteConfig>(route: R): R {
  const answers: MiddlewareAnswers = {};
  for (const own of declaredAnswers(route.middleware)) {
    for (const [status, answer] of Object.entries(own)) {
      const earlier = answers[Number(status)];
      // Two limits on one route both answer 429: the document names both.
      answers[Number(status)] =
        earlier && "description" in earlier && "description" in answer
          ? { ...answer, description: `${earlier.description}. Or: ${answer.description}` }
          : answer;
    }
  }
  // A route that reads a session when there is one answers visitors too: the session is optional.
  const security = declaredNeeds(route.middleware).optionalSession ? [{}, { session: [] }] : route.security;
  return createRoute({
    ...route,
    ...(security ? { security } : {}),
    responses: { ...answers, ...route.responses },
  });
}

/** What routes on one path share: all but their method and their own words. */
type SharedRoute = Omit<RouteConfig, "method" | "operationId" | "summary" | "description">;

/**
 * Routes on one path that take and answer the same, differing only in method and words (a mute's GET,
 * PUT and DELETE): `const muteRoute = onePath({ path, middleware, request, responses })`, then
 * `muteRoute("put", "muteTip", summary, description)`, each an `apiRoute`.
 */
export const onePath =
  <Shared extends SharedRoute>(shared: Shared) =>
  <Method extends RouteConfig["method"]>(
    method: Method,
    operationId: string,
    summary: string,
    description: string,
  ) =>
    apiRoute({ ...shared, method, operationId, summary, description });
