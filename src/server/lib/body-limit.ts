import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PHOTO_LIMITS } from "#shared/photos.ts";
import type { ApiError } from "#shared/schemas/common.ts";

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

/** The limit on a request's body at `path` (the API's path, from /api on), and how a refusal says it. */
export function bodyLimitOf(path: string): { maxSize: number; message: string } {
  if (path === "/api/uploads")
    return {
      maxSize: BODY_LIMITS.uploads,
      message: `The photo is larger than ${PHOTO_LIMITS.maxBytes / 1024 / KB} MB`,
    };
  const maxSize =
    path === "/api/tips" || path.startsWith("/api/tips/") ? BODY_LIMITS.tips : BODY_LIMITS.other;
  return { maxSize, message: `Request body too large (the limit is ${maxSize / KB} KB)` };
}

const limiters = new Map<number, MiddlewareHandler>();
const limiter = ({ maxSize, message }: { maxSize: number; message: string }): MiddlewareHandler => {
  let made = limiters.get(maxSize);
  if (!made) {
    made = bodyLimit({
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
  const limit = bodyLimitOf(c.req.path);
  // A declared size is checked from the header alone, without touching the request's body: on Node's
  // server the body then stays the socket's own stream, which a route may read directly (uploads).
  const declared = c.req.header("Content-Length");
  if (declared !== undefined && c.req.header("Transfer-Encoding") === undefined) {
    if (Number(declared) > limit.maxSize) return limiter(limit)(c, next);
    return next();
  }
  return limiter(limit)(c, next);
};
