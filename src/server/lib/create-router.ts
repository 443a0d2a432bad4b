import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiError } from "#shared/schemas/common.ts";
import type { AppEnv } from "./app-env.ts";
import { validationErrorBody } from "./errors.ts";

/**
 * A module's router. Each route module builds one and app.ts mounts it under /api. Every router answers
 * a request its schemas refuse the same way: 400 with one issue per bad field (decision 002). The hook
 * is per router, not per app: a mounted router validates with its own hook.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      // A path whose id cannot be one names nothing: the route's own 404, as for an id nobody has (ADR 058).
      if (!result.success && result.target === "param") {
        const message = result.error.issues[0]?.message ?? "Not found";
        return c.json<ApiError>({ message }, 404);
      }
      if (!result.success) {
        return c.json<ApiError>(
          validationErrorBody(result.error, result.target === "query" ? "query" : "body"),
          400,
        );
      }
    },
  });
}
