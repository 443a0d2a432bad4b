import { APIError } from "better-auth/api";
import { DrizzleQueryError } from "drizzle-orm/errors";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { ApiError } from "#shared/schemas/common.ts";
import type { Logger } from "../logger.ts";

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

/**
 * Something the request needs is out of reach (the photos' storage, a mail server): the client is told
 * `clientMessage` with 503 and Retry-After, and the server notes it with its cause, at warn for what passes
 * by itself (a restart) or at error for what an operator must fix (wrong credentials, a full disk).
 */
export class UnavailableError extends Error {
  constructor(
    message: string,
    readonly clientMessage: string,
    readonly retryAfterSeconds: number,
    options?: { cause: unknown; level?: "warn" | "error" },
  ) {
    super(message, options);
    this.level = options?.level ?? "warn";
  }
  readonly level: "warn" | "error";
}

/** A 400 for one query parameter, in the same shape as the schema's own validation errors. */
export function badQueryParameter(name: string, problem: string): HttpError {
  return new HttpError(400, `Invalid query parameter "${name}": ${problem}`, [
    { path: name, message: problem },
  ]);
}

/** What a client is told of a fault on the server: the details are logged, never sent. */
export const GENERIC_SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";

/** What a client is told while the database server cannot be reached: nothing was done, try again. */
const DATABASE_UNAVAILABLE =
  "The site cannot reach its database just now. Nothing was changed; please try again in a moment.";

/** Network errors meaning the database server is out of reach (refused, reset, not found, timed out). */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * pg's own words when a connection could not be made in time or was lost. "timeout exceeded" also means
 * that every connection of the pool stayed busy for the whole wait: answered the same way, as the request
 * did nothing and may be tried again (ADR 044).
 */
const LOST_CONNECTION =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable)/i;

/**
 * The database driver's error in what a route threw: drizzle wraps the driver's error of a failed query
 * (its own message quotes the query and its values, so it is never read); a connection the pool could not
 * give is thrown as it is; either may come wrapped by the sign-in library. Errors of other things a route uses (an upload's socket, a fetch to the
 * sign-in provider) are not the driver's and are not looked into.
 */
function driverError(error: unknown): Error | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error instanceof DrizzleQueryError) return error.cause instanceof Error ? error.cause : undefined;
  // The sign-in library answers a failed lookup of a session with its own error, the query's as its cause.
  if (error instanceof APIError && error.cause instanceof Error) return driverError(error.cause);
  return error;
}

/** Whether a network error was met making a connection (not, say, reading an upload the client dropped). */
function whileConnecting(error: Error): boolean {
  const { syscall, errors } = error as { syscall?: unknown; errors?: unknown };
  if (syscall === "connect" || syscall === "getaddrinfo") return true;
  // Node tries each address of a host name and reports every failure together.
  return Array.isArray(errors) && errors.some((each) => each instanceof Error && whileConnecting(each));
}

/**
 * Whether the database server is out of reach: a network error of the driver, a lost connection, a server
 * shutting down or starting (SQLSTATE 57P01-57P03), a connection failure (class 08), or too many
 * connections (53300). A wrong query is not.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  const driver = driverError(error);
  if (!driver) return false;
  const code = (driver as { code?: unknown }).code;
  if (typeof code === "string" && /^(57P0[1-3]|08...|53300)$/.test(code)) return true;
  // A query's own network error is the driver's for sure; a bare one only when met while connecting.
  if (typeof code === "string" && UNREACHABLE_CODES.has(code))
    return driver !== error || whileConnecting(driver);
  return LOST_CONNECTION.test(driver.message);
}

/** What a client is told when the server's disk is full: nothing was saved, and someone must make room. */
const DISK_FULL = "The server has run out of disk space, so nothing was saved. Please try again later.";

/**
 * Whether `error` is a full disk: PostgreSQL's disk_full (53100) from the driver, or the system's ENOSPC
 * from a write of our own (a photo into DATA_DIR/uploads) or of the embedded database.
 */
function isDiskFull(error: unknown): boolean {
  const driver = driverError(error);
  if (!driver) return false;
  const code = (driver as { code?: unknown }).code;
  return (
    code === "53100" ||
    code === "ENOSPC" ||
    /^could not (extend|write)[^\n]*No space left on device/.test(driver.message)
  );
}

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

/**
 * Answers what a route threw. `routeOf` names the route pattern of a path under /api/auth, whose paths may
 * carry a token (`/api/auth/reset-password/:token`): the log shows that pattern there, the path elsewhere.
 */
export function createErrorHandler(
  logger: Logger,
  routeOf: (method: string, path: string, pattern: string) => string = (_method, _path, pattern) => pattern,
) {
  const whereOf = (c: Context) => {
    const { method, path } = c.req;
    return `${method} ${path.startsWith("/api/auth/") ? routeOf(method, path, routePath(c)) : path}`;
  };
  return (error: Error, c: Context) => {
    // A client's mistake is answered and noted at debug, one line (the logger escapes the client's text);
    // only faults of the server reach the error log.
    if (error instanceof HttpError) {
      const body: ApiError = { message: error.message };
      if (error.issues) body.issues = error.issues;
      if (error.status < 500) logger.debug(`${whereOf(c)} answered ${error.status}: ${error.message}`);
      else logger.error(`${whereOf(c)} failed`, error);
      return c.json<ApiError>(body, error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      if (status >= 500) logger.error(`${whereOf(c)} failed`, error);
      else logger.debug(`${whereOf(c)} answered ${status}: ${error.message}`);
      return c.json<ApiError>({ message: status >= 500 ? GENERIC_SERVER_ERROR : error.message }, status);
    }
    if (error instanceof UnavailableError) {
      logger[error.level](`${whereOf(c)} answered 503: ${error.message}`, error.cause ?? error);
      c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json<ApiError>({ message: error.clientMessage }, 503);
    }
    // The database server is gone (a restart, the network): 503 at once, noted once per request at warn,
    // and the client may try again; the pool reconnects by itself when the server is back.
    if (isDatabaseUnreachable(error)) {
      logger.warn(`${whereOf(c)} answered 503: the database is out of reach`, error);
      c.header("Retry-After", "5");
      return c.json<ApiError>({ message: DATABASE_UNAVAILABLE }, 503);
    }
    // A full disk refuses the write and nothing of it is kept; reads go on. The operator must act: error.
    if (isDiskFull(error)) {
      logger.error(`${whereOf(c)} answered 503: the disk is full`, error);
      c.header("Retry-After", "60");
      return c.json<ApiError>({ message: DISK_FULL }, 503);
    }
    // Anything else is our fault: log it with the request, hide the details from the client.
    logger.error(`${whereOf(c)} failed`, error);
    return c.json<ApiError>({ message: GENERIC_SERVER_ERROR }, 500);
  };
}

/** The answer to a path under /api that no route has: JSON, as everywhere in the API, never a page. */
export function noSuchEndpoint(c: Context) {
  return c.json<ApiError>({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404);
}
