import { OpenAPIHono } from "@hono/zod-openapi";
import { secureHeaders } from "hono/secure-headers";
import type { ApiError } from "#shared/schemas/common.ts";
import type { Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createErrorHandler, validationErrorBody } from "./lib/errors.ts";
import { type Logger, silentLogger } from "./lib/logger.ts";
import { registerDocs } from "./modules/docs/docs.routes.ts";
import { registerGardenerRoutes } from "./modules/gardeners/gardeners.routes.ts";
import { registerSystemRoutes } from "./modules/system/system.routes.ts";
import { serveWeb } from "./web.ts";

export type AppConfig = Pick<
  Env,
  "SOCIAL_FACEBOOK_URL" | "SOCIAL_TWITTER_URL" | "SOCIAL_INSTAGRAM_URL" | "SOCIAL_LINKEDIN_URL"
>;

export interface AppDeps {
  db: Db;
  config?: Partial<AppConfig>;
  logger?: Logger;
  /** Folder of the built web app; when given, the SPA is served beside the API (production). */
  webRoot?: string;
}

export interface AppEnv {
  Variables: { db: Db; config: Partial<AppConfig>; logger: Logger };
}

/** Builds the whole HTTP application. Tests call it with their own database and never open a port. */
export function createApp({ db, config = {}, logger = silentLogger, webRoot }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>();
  const api = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json<ApiError>(
          validationErrorBody(
            result.error,
            result.target === "param" ? "path" : result.target === "query" ? "query" : "body",
          ),
          400,
        );
      }
    },
  });

  app.onError(createErrorHandler(logger));
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // Tip images and profile photos are http(s) URLs on any host (ruling 11).
        imgSrc: ["'self'", "data:", "https:", "http:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
  app.use("/api/*", async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    c.set("logger", logger);
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });

  registerSystemRoutes(api);
  registerGardenerRoutes(api);
  registerDocs(api);
  api.notFound((c) => c.json<ApiError>({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  app.route("/api", api);
  // Unknown /api paths never fall through to the SPA.
  app.all("/api/*", (c) =>
    c.json<ApiError>({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404),
  );

  if (webRoot) serveWeb(app, webRoot);
  app.notFound((c) => c.json<ApiError>({ message: "Not found" }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
