import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiError } from "#shared/schemas/common.ts";
import type { AppEnv } from "../app-env.ts";
import { HttpError, validationErrorBody } from "./errors.ts";

/**
 * A module's router. Each route module builds one and app.ts mounts it under /api. Every router answers
 * a request its schemas refuse the same way: 400 with one issue per bad field (decision 002). The hook
 * is per router, not per app: a mounted router validates with its own hook.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      // A path whose id cannot be one names nothing: the route's own 404, as for an id nobody has (ADR 058).
      // Thrown, as a handler's own 404 is, so the error handler notes it the same way.
      if (!result.success && result.target === "param")
        throw new HttpError(404, result.error.issues[0]?.message ?? "Not found");
      if (!result.success) {
        return c.json<ApiError>(
          validationErrorBody(result.error, result.target === "query" ? "query" : "body"),
          400,
        );
      }
    },
  });
}
