import type { MiddlewareHandler } from "hono";
import type { ApiError } from "#shared/schemas/common.ts";

/**
 * Cross-origin writes are refused, so another site's page cannot act for a signed-in visitor. A browser
 * always sends Origin on a cross-origin POST (and Sec-Fetch-Site); a write without either comes from a
 * non-browser client, which no page can make act for a visitor, so it is let through.
 */
export function sameOriginWrites(siteOrigins: string[]): MiddlewareHandler {
  return async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const origin = c.req.header("Origin");
    const refuse = () => c.json<ApiError>({ message: "Cross-origin requests are not allowed" }, 403);
    if (!origin) return c.req.header("Sec-Fetch-Site") === "cross-site" ? refuse() : next();
    if (origin === new URL(c.req.url).origin || siteOrigins.includes(origin)) return next();
    return refuse();
  };
}

/** The site's own origin, plus its loopback twin (localhost and 127.0.0.1 name the same local server). */
export function trustedOrigins(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const origins = [url.origin];
  const twin = url.hostname === "localhost" ? "127.0.0.1" : url.hostname === "127.0.0.1" ? "localhost" : null;
  if (twin) origins.push(`${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`);
  return origins;
}
