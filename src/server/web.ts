import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";
import { isSiteRoute } from "#shared/site-routes.ts";

/**
 * Production serving of the built SPA: hashed files under /assets are cached for a year, everything
 * else revalidates, and a page of the app answers index.html so client routes survive a reload. Any
 * other path answers the same app with 404, so it shows its 404 page and the status says so too.
 */
export function serveWeb<E extends Env>(app: Hono<E>, webRoot: string) {
  const indexFile = path.join(webRoot, "index.html");
  if (!existsSync(indexFile))
    throw new Error(`The web app is not built: ${indexFile} is missing (run npm run build)`);
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), webRoot) || ".";

  app.use("*", async (c, next) => {
    await next();
    if (c.req.path.startsWith("/api/") || (c.res.status !== 200 && c.res.status !== 404)) return;
    const html = c.res.headers.get("Content-Type")?.startsWith("text/html");
    const cacheControl = html
      ? "no-cache"
      : c.req.path.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600";
    c.res.headers.set("Cache-Control", cacheControl);
  });
  app.use("*", serveStatic({ root }));
  app.get("*", (c) => {
    // A missing file (anything with an extension) is a 404, not the app: a broken image must not get HTML.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text("Not found", 404);
    return c.html(indexHtml, isSiteRoute(c.req.path) ? 200 : 404);
  });
}
