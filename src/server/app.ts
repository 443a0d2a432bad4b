import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiError } from "#shared/schemas/common.ts";
import { createAuthRouter } from "./auth/auth.routes.ts";
import { type Auth, createAuth } from "./auth/auth.ts";
import type { Db } from "./db/client.ts";
import { allowedMethods } from "./lib/allowed-methods.ts";
import type { AppConfig, AppEnv } from "./lib/app-env.ts";
import { limitBody } from "./lib/body-limit.ts";
import { createRouter } from "./lib/create-router.ts";
import { createErrorHandler } from "./lib/errors.ts";
import { parseJsonObject } from "./lib/json-body.ts";
import { type Logger, silentLogger } from "./lib/logger.ts";
import { PublicCache } from "./lib/public-cache.ts";
import { publicCacheLayer } from "./lib/public-cache-layer.ts";
import { Limiter } from "./lib/rate-limit.ts";
import { computeSecurityHeaders } from "./lib/security-headers.ts";
import { DEFAULT_BASE_URL, storedImage } from "./lib/urls.ts";
import { createMemoryMailer, type Mailer } from "./mail/mailer.ts";
import { dashboardRouter } from "./modules/dashboard/dashboard.routes.ts";
import { createDocsRouter } from "./modules/docs/docs.routes.ts";
import { gardenersRouter } from "./modules/gardeners/gardeners.routes.ts";
import { systemRouter } from "./modules/system/system.routes.ts";
import { tipsRouter } from "./modules/tips/tips.routes.ts";
import { servePhotoFile, uploadsRouter } from "./modules/uploads/uploads.routes.ts";
import { createMemoryStorage, type PhotoStorage } from "./storage/photo-storage.ts";
import { prepareShell, serveWeb } from "./web.ts";

export interface AppDeps {
  db: Db;
  /** Signs sessions and tokens (BETTER_AUTH_SECRET or the one kept in DATA_DIR). */
  authSecret: string;
  config?: Partial<AppConfig>;
  mailer?: Mailer;
  logger?: Logger;
  /** Folder of the built web app; when given, the SPA is served beside the API (production). */
  webRoot?: string;
  /** Where uploaded photos are kept (DATA_DIR/uploads or a bucket); in memory when not given. */
  storage?: PhotoStorage;
  /**
   * Public answers kept between requests (ADR 022). The server passes one it also answers from before
   * the app, and clears on database notifications; each app gets its own otherwise.
   */
  publicCache?: PublicCache;
}

/** The site's own origin, plus its loopback twin (localhost and 127.0.0.1 name the same local server). */
export function trustedOrigins(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  const origins = [url.origin];
  const twin = url.hostname === "localhost" ? "127.0.0.1" : url.hostname === "127.0.0.1" ? "localhost" : null;
  if (twin) origins.push(`${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`);
  return origins;
}

/** Builds the whole HTTP application. Tests call it with their own database and never open a port. */
export function createApp({
  db,
  authSecret,
  config = {},
  mailer = createMemoryMailer(),
  logger = silentLogger,
  webRoot,
  storage = createMemoryStorage({ publicBase: `${config.BASE_URL ?? DEFAULT_BASE_URL}/uploads` }),
  publicCache = new PublicCache(),
}: AppDeps) {
  const shell = webRoot ? prepareShell(webRoot) : null;
  const baseUrl = config.BASE_URL ?? DEFAULT_BASE_URL;
  const origins = trustedOrigins(baseUrl);
  const auth = createAuth({
    db,
    mailer,
    logger,
    settings: {
      baseUrl,
      secret: authSecret,
      trustedOrigins: origins,
      storedImage: (url) => storedImage(url, storage),
      google:
        config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
          ? {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              discoveryUrl:
                config.GOOGLE_DISCOVERY_URL ?? "https://accounts.google.com/.well-known/openid-configuration",
            }
          : undefined,
    },
  });
  const limiter = new Limiter(db, {
    enabled: config.RATE_LIMIT ?? true,
    trustProxy: config.TRUST_PROXY ?? 0,
  });
  const app = new OpenAPIHono<AppEnv>();
  // Every module's router is mounted on `api`, which copies their routes (and their OpenAPI definitions):
  // the 405 table and the document below read them from here.
  const api = createRouter();

  app.onError(createErrorHandler(logger));
  // First of all: a stored public answer skips everything below, and a stored one has all its headers.
  app.use("*", publicCacheLayer(publicCache));
  // Registered before the security headers so it has the last word: the sign-in popup's landing page
  // must keep its link to the window that opened it across the trip to the provider and back.
  app.use("/auth/*", async (c, next) => {
    await next();
    if (c.req.path.startsWith("/auth/popup-done."))
      c.res.headers.set("Cross-Origin-Opener-Policy", "unsafe-none");
  });
  // The security headers are the same on every answer: made once, then set (secureHeaders would build
  // the same strings again for every request).
  const securityHeaders = computeSecurityHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Tip images and profile photos are http(s) URLs on any host: people link pictures from anywhere.
      imgSrc: ["'self'", "data:", "https:", "http:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The built page's theme script is written into it (web.ts); its hash lets exactly it run inline.
      scriptSrc: ["'self'", ...(shell?.scriptHashes ?? [])],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // The Google sign-in popup must keep its link to this window: it reports the sign-in back through it.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    referrerPolicy: "strict-origin-when-cross-origin",
    // frame-ancestors 'none' says the same to browsers that read CSP; the two must not disagree.
    xFrameOptions: "DENY",
    // Over plain http the header means nothing and, on localhost, would pin every other local site to https.
    strictTransportSecurity: baseUrl.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      browsingTopics: [],
    },
  });
  // Scripts, styles, fonts and pictures are no documents: a policy for what a page may load or embed says
  // nothing to them, and repeated on each of a page's files it costs a phone a kilobyte per file (issue
  // 11). They keep the headers that do apply to them.
  const FOR_EVERY_FILE = new Set(["x-content-type-options", "cross-origin-resource-policy"]);
  app.use("*", async (c, next) => {
    await next();
    const headers = await securityHeaders;
    const type = c.res.headers.get("Content-Type") ?? "";
    // An SVG opened on its own is a document that may hold script: it keeps the whole policy.
    const document =
      type === "" ||
      type.startsWith("text/html") ||
      type.startsWith("application/json") ||
      type.startsWith("image/svg+xml");
    for (const [name, value] of headers)
      if (document || FOR_EVERY_FILE.has(name)) c.res.headers.set(name, value);
  });
  app.use("/api/*", async (c, next) => {
    c.set("db", db);
    c.set("config", config);
    c.set("logger", logger);
    c.set("auth", auth);
    c.set("storage", storage);
    c.set("limiter", limiter);
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });

  // A method a path does not have answers 405 with Allow, before any sign-in guard, which would otherwise
  // answer a visitor's PATCH with a misleading 401 (ADR 014).
  app.use(
    "/api/*",
    allowedMethods(() => [
      ...api.routes
        .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
        .map((route) => ({ path: `/api${route.path}`, method: route.method })),
      ...authRoutes(auth),
    ]),
  );
  // Bodies are bounded before anything reads them, and must be JSON objects no deeper than 32 levels.
  app.use("/api/*", limitBody);
  app.use("/api/*", async (c, next) => {
    if (["GET", "HEAD", "OPTIONS", "DELETE"].includes(c.req.method) || c.req.path.startsWith("/api/auth/"))
      return next();
    // Photos come as multipart/form-data; the upload route reads and checks that body itself.
    if (c.req.path === "/api/uploads") return next();
    const text = await c.req.text();
    if (text.trim() === "") return next();
    const result = parseJsonObject(text, c.req.header("Content-Type"));
    if (!result.ok) return c.json<ApiError>({ message: result.message }, result.status);
    await next();
  });

  // Cross-origin writes are refused, so another site's page cannot act for a signed-in visitor. A browser
  // always sends Origin on a cross-origin POST (and Sec-Fetch-Site); a write without either comes from a
  // non-browser client, which no page can make act for a visitor, so it is let through.
  app.use("/api/*", async (c, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(c.req.method)) return next();
    const origin = c.req.header("Origin");
    const refuse = () => c.json<ApiError>({ message: "Cross-origin requests are not allowed" }, 403);
    if (!origin) return c.req.header("Sec-Fetch-Site") === "cross-site" ? refuse() : next();
    if (origin === new URL(c.req.url).origin || origins.includes(origin)) return next();
    return refuse();
  });

  api.route("/", systemRouter);
  api.route(
    "/",
    createAuthRouter(auth, {
      siteOrigins: origins,
      googleConfigured: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    }),
  );
  api.route("/", gardenersRouter);
  api.route("/", tipsRouter);
  api.route("/", dashboardRouter);
  api.route("/", uploadsRouter);
  api.route("/", createDocsRouter(api, auth, { secureCookies: baseUrl.startsWith("https://") }));
  app.route("/api", api);
  // Unknown /api paths never fall through to the SPA.
  app.all("/api/*", (c) =>
    c.json<ApiError>({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404),
  );

  app.get("/uploads/:name", servePhotoFile(storage));

  if (webRoot) serveWeb(app, webRoot, shell ?? undefined);
  app.notFound((c) => c.json<ApiError>({ message: "Not found" }, 404));
  return app;
}

export type { AppConfig, AppEnv } from "./lib/app-env.ts";
export type App = ReturnType<typeof createApp>;

/** The paths and methods better-auth answers under /api/auth, from its own endpoint list. */
function authRoutes(auth: Auth) {
  return Object.values(auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (!path || !options?.method) return [];
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    return methods.filter((method) => method !== "*").map((method) => ({ path: `/api/auth${path}`, method }));
  });
}
