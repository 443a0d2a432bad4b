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

const limiter = (
  maxSize: number,
  message = `Request body too large (the limit is ${maxSize / KB} KB)`,
): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body is never read, so the connection cannot carry another request.
      c.header("Connection", "close");
      return c.json<ApiError>({ message }, 413);
    },
  });
const tips = limiter(BODY_LIMITS.tips);
const other = limiter(BODY_LIMITS.other);
const uploads = limiter(
  BODY_LIMITS.uploads,
  `The photo is larger than ${PHOTO_LIMITS.maxBytes / 1024 / KB} MB`,
);

/**
 * A body is bounded before it is read (ADR 014), by its Content-Length or, without one, by counting the
 * bytes as they stream in: a 20 MB body is refused after the first 64 KB, not parsed.
 */
export const limitBody: MiddlewareHandler = (c, next) => {
  if (c.req.path === "/api/uploads") return uploads(c, next);
  return c.req.path === "/api/tips" || c.req.path.startsWith("/api/tips/") ? tips(c, next) : other(c, next);
};
