import { Hono } from "hono";
import type { ApiError } from "#shared/schemas/common.ts";
import { type Metrics, mayScrape } from "../../lib/metrics.ts";

/**
 * The figures on the site's own port, at /metrics beside the API (not in its document): only with
 * METRICS_TOKEN configured, and only for a scraper that sends it; without one configured there is nothing
 * here (METRICS_PORT serves them apart).
 */
export function createMetricsRouter({ metrics, token }: { metrics: Metrics; token: string | undefined }) {
  return new Hono().get("/metrics", async (c, next) => {
    if (!token) return next();
    c.header("Cache-Control", "no-store");
    if (!mayScrape(c.req.header("Authorization"), token)) {
      c.header("WWW-Authenticate", "Bearer");
      return c.json<ApiError>({ message: "Send METRICS_TOKEN as Authorization: Bearer <token>" }, 401);
    }
    return c.body(await metrics.text(), 200, { "Content-Type": metrics.contentType });
  });
}
