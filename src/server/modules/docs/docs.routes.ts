import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../lib/app-env.ts";
import { createRouter } from "../../lib/requests/create-router.ts";
import { HttpError } from "../../lib/requests/errors.ts";
import type { Auth } from "../accounts/index.ts";
import { buildOpenApiDocument } from "./openapi-document.ts";

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));

/** Swagger UI's files are served from the installed package: the docs page needs no network. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Gardening Community API</title>
  <link rel="icon" href="/api/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const INIT_JS = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
});`;

/**
 * The API's own description: `/openapi.json` describes `api`, the app every module's router is mounted
 * on (this one included), and `/docs` is Swagger UI reading it.
 */
export function createDocsRouter(api: OpenAPIHono<AppEnv>, auth: Auth, options: { secureCookies: boolean }) {
  let document: Promise<unknown> | null = null;
  return createRouter()
    .get("/openapi.json", async (c) => {
      // Built once, on first request: every router is mounted by then.
      document ??= buildOpenApiDocument(api, auth, options).catch((error) => {
        document = null;
        throw error;
      });
      return c.json(await document);
    })
    .get("/docs", (c) => c.html(DOCS_HTML))
    .get("/docs/init.js", (c) => c.body(INIT_JS, 200, { "Content-Type": "text/javascript; charset=utf-8" }))
    .get("/docs/:asset", async (c) => {
      const asset = c.req.param("asset");
      const type = ASSETS[asset];
      if (!type) throw new HttpError(404, `No API endpoint GET ${c.req.path}`);
      const body = await readFile(path.join(swaggerDir, asset));
      return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
    });
}
