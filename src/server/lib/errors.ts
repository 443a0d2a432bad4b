import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiError } from "#shared/schemas/common.ts";
import type { Logger } from "./logger.ts";

/** Thrown by services and handlers; the app's error handler turns it into `{ message, issues? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: ApiError["issues"],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 400 for one query parameter, in the same shape as the schema's own validation errors. */
export function badQueryParameter(name: string, problem: string): HttpError {
  return new HttpError(400, `Invalid query parameter "${name}": ${problem}`, [
    { path: name, message: problem },
  ]);
}

/** What a client is told of a fault on the server: the details are logged, never sent. */
export const GENERIC_SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";

export function validationErrorBody(error: ZodError, where: "query" | "body" | "path"): ApiError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || where,
    message: issue.message,
  }));
  const first = issues[0];
  const label = where === "query" ? "query parameter" : where === "path" ? "path parameter" : "field";
  const message = first
    ? `Invalid ${label} "${first.path}": ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`
    : "Invalid request";
  return { message, issues };
}

export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    // A client's mistake is answered and noted at debug, one line (the logger escapes the client's text);
    // only faults of the server reach the error log.
    if (error instanceof HttpError) {
      const body: ApiError = { message: error.message };
      if (error.issues) body.issues = error.issues;
      if (error.status < 500)
        logger.debug(`${c.req.method} ${c.req.path} answered ${error.status}: ${error.message}`);
      else logger.error(`${c.req.method} ${c.req.path} failed`, error);
      return c.json<ApiError>(body, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      if (status >= 500) logger.error(`${c.req.method} ${c.req.path} failed`, error);
      else logger.debug(`${c.req.method} ${c.req.path} answered ${status}: ${error.message}`);
      return c.json<ApiError>({ message: status >= 500 ? GENERIC_SERVER_ERROR : error.message }, status);
    }
    // Anything else is our fault: log it with the request, hide the details from the client.
    logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json<ApiError>({ message: GENERIC_SERVER_ERROR }, 500);
  };
}

/** The answer to a path under /api that no route has: JSON, as everywhere in the API, never a page. */
export function noSuchEndpoint(c: Context) {
  return c.json<ApiError>({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404);
}
