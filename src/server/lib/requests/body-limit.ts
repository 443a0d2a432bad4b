import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import type { BlankEnv } from "hono/types";
import { PHOTO_LIMITS } from "#shared/photos.ts";
import type { ApiError } from "#shared/schemas/common.ts";
import { errorResponses } from "./openapi.ts";
import { declaring, needsOf } from "./route-needs.ts";

const KB = 1024;
/**
 * Tips carry long descriptions; every other body (accounts, likes) is small. A photo upload may carry a
 * 10 MB photo, plus room for the multipart envelope around it (the route checks the file's own size).
 */
export const BODY_LIMITS = {
  tips: 256 * KB,
  other: 64 * KB,
  uploads: PHOTO_LIMITS.maxBytes + 64 * KB,
} as const;

/** A body's limit when its route declares none: accounts, likes, comments, reports. */
const DEFAULT_LIMIT = {
  maxSize: BODY_LIMITS.other,
  message: `Request body too large (the limit is ${BODY_LIMITS.other / KB} KB)`,
};

/**
 * Route middleware: the route's body may hold up to `maxSize` bytes (64 KB when a route says nothing), and
 * a larger one is refused with 413 and `message` before it is read. It documents that 413.
 */
export function bodyLimit(
  maxSize: number,
  message = `Request body too large (the limit is ${maxSize / KB} KB)`,
): MiddlewareHandler<BlankEnv> {
  return declaring(
    { bodyLimit: { maxSize, message } },
    errorResponses({ 413: `${message}, refused before it is read` }),
  );
}

/** The limit on this request's body: the one its route declares, or 64 KB. */
export function bodyLimitFor(c: Context): { maxSize: number; message: string } {
  return needsOf(c).bodyLimit ?? DEFAULT_LIMIT;
}

/** The limit the API document states for a write no route of ours declares one for (better-auth's). */
export const DEFAULT_BODY_LIMIT_MESSAGE = DEFAULT_LIMIT.message;

const limiters = new Map<number, MiddlewareHandler>();
const limiter = ({ maxSize, message }: { maxSize: number; message: string }): MiddlewareHandler => {
  let made = limiters.get(maxSize);
  if (!made) {
    made = honoBodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body is never read, so the connection cannot carry another request.
        c.header("Connection", "close");
        return c.json<ApiError>({ message }, 413);
      },
    });
    limiters.set(maxSize, made);
  }
  return made;
};

/**
 * A body is bounded before it is read (ADR 014), by its Content-Length or, without one, by counting the
 * bytes as they stream in: a 20 MB body is refused after the first 64 KB, not parsed.
 */
export const limitBody: MiddlewareHandler = (c, next) => {
  const limit = bodyLimitFor(c);
  // A declared size is checked from the header alone, without touching the request's body: on Node's
  // server the body then stays the socket's own stream, which a route may read directly (uploads).
  const declared = c.req.header("Content-Length");
  if (declared !== undefined && c.req.header("Transfer-Encoding") === undefined) {
    if (Number(declared) > limit.maxSize) return limiter(limit)(c, next);
    return next();
  }
  return limiter(limit)(c, next);
};
