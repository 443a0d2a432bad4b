import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiError } from "#shared/schemas/common.ts";

const KB = 1024;
/** Tips carry long descriptions; every other body (accounts, likes) is small. */
export const BODY_LIMITS = { tips: 256 * KB, other: 64 * KB } as const;

const limiter = (maxSize: number): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is never read, so the connection cannot carry another request.
      c.header("Connection", "close");
      return c.json<ApiError>({ message: `Request body too large (the limit is ${maxSize / KB} KB)` }, 413);
    },
  });
const tips = limiter(BODY_LIMITS.tips);
const other = limiter(BODY_LIMITS.other);

/**
 * Issue 8: a body is bounded before it is read, by its Content-Length or, without one, by counting the
 * bytes as they stream in: a 20 MB body is refused after the first 64 KB, not parsed.
 */
export const limitBody: MiddlewareHandler = (c, next) =>
  c.req.path === "/api/tips" || c.req.path.startsWith("/api/tips/") ? tips(c, next) : other(c, next);
