import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { PatternRouter } from "hono/router/pattern-router";
import type { ApiError } from "#shared/schemas/common.ts";
import type { Db } from "./db/client.ts";
import { pingDatabase } from "./db/health.ts";
import type { AppConfig, AppEnv } from "./lib/app-env.ts";
import { PublicCache } from "./lib/cache/public-cache.ts";
import { publicCacheLayer } from "./lib/cache/public-cache-layer.ts";
import { SessionCache } from "./lib/cache/session-cache.ts";
import { MemberEvents } from "./lib/events/member-events.ts";
import { type Logger, silentLogger } from "./lib/logger.ts";
import { Metrics } from "./lib/metrics.ts";
import { allowedMethods } from "./lib/requests/allowed-methods.ts";
import { limitBody } from "./lib/requests/body-limit.ts";
import { createRouter } from "./lib/requests/create-router.ts";
import { createErrorHandler, noSuchEndpoint } from "./lib/requests/errors.ts";
import { jsonObjectBodies } from "./lib/requests/json-body.ts";
import { noteRequests } from "./lib/requests/request-log.ts";
import { findCrop } from "./lib/rules/crops.ts";
import { Limiter } from "./lib/security/rate-limit.ts";
import { sameOriginWrites, trustedOrigins } from "./lib/security/same-origin.ts";
import { securityHeaders } from "./lib/security/security-headers.ts";
import { DEFAULT_BASE_URL } from "./lib/urls.ts";
import { createMemoryMailer, type Mailer } from "./mail/mailer.ts";
import {
  cancelDeletion,
  createAccountDataRouter,
  createDeletionRouter,
  ExportRunner,
} from "./modules/account-data/index.ts";
import { type Auth, createAuth, createAuthRouter, type PasswordHashing } from "./modules/accounts/index.ts";
import { blocksRouter } from "./modules/blocks/index.ts";
import { bookmarksRouter } from "./modules/bookmarks/index.ts";
import { commentsRouter } from "./modules/comments/index.ts";
import { cropsRouter } from "./modules/crops/index.ts";
import { dashboardRouter } from "./modules/dashboard/index.ts";
import { createDocsRouter } from "./modules/docs/index.ts";
import { followsRouter } from "./modules/follows/index.ts";
import { gardenersRouter, whereHandleLeads } from "./modules/gardeners/index.ts";
import { createRoleKeeper, HeldPhotos, moderationRouter } from "./modules/moderation/index.ts";
import {
  createEventsRouter,
  createUnsubscribeRouter,
  muteRouter,
  notificationsRouter,
  oneClickUnsubscribe,
} from "./modules/notifications/index.ts";
import { settingsRouter } from "./modules/settings/index.ts";
import { createMetricsRouter, createSystemRouter } from "./modules/system/index.ts";
import { tipsRouter } from "./modules/tips/index.ts";
import {
  createUploadsRouter,
  imageToStore,
  type PhotoQueueOptions,
  servePhotoFile,
} from "./modules/uploads/index.ts";
import { type ArchiveStore, createMemoryArchives } from "./storage/archive-store.ts";
import { createMemoryStorage, guardedStorage, type PhotoStorage } from "./storage/photo-storage.ts";
import { serveWeb } from "./web.ts";
import { readShell } from "./web-shell.ts";

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
  /**
   * Signed-in sessions kept between requests (ADR 034); the server passes one that follows the database's
   * changes. One that follows nothing keeps nothing.
   */
  sessionCache?: SessionCache;
  /**
   * The members with an event stream open, woken by the database's word on their counts (ADR 080); the
   * server passes one that follows the database. One that follows nothing wakes nobody.
   */
  memberEvents?: MemberEvents;
  /** How many photos are decoded at once and how many wait (ADR 030); from the machine when not given. */
  photoQueue?: PhotoQueueOptions;
  /** What the server counts (ADR 044); the server passes the one its request log also counts in. */
  metrics?: Metrics;
  /** Whether the caches are following the database's changes, for /api/health/ready. */
  followingChanges?: () => boolean;
  /** Whether the database answers, for the health checks; the server passes `Database.ping`. */
  pingDatabase?: () => Promise<boolean>;
  /** How passwords are hashed; better-auth's scrypt when not given (see AuthSettings). */
  passwordHashing?: PasswordHashing;
  /**
   * Builds members' data exports (ADR 088); the server passes the one its sweep runs, keeping archives in
   * DATA_DIR/exports or the bucket. One keeping them in memory otherwise.
   */
  exports?: ExportRunner;
  /** Where the exports an app builds itself (no `exports` given) are kept; in memory when not given. */
  archives?: ArchiveStore;
}

/** Builds the whole HTTP application. Tests call it with their own database and never open a port. */
export function createApp(deps: AppDeps) {
  const parts = partsOf(deps);
  const { db, config, logger, auth, storage, metrics, publicCache, sessionCache, shell } = parts;
  const app = new OpenAPIHono<AppEnv>();
  // The modules' routers are mounted on `api`; the 405 table and the API document read their routes there.
  const api = apiOf(deps, parts);
  const routeOf = routeNamer(auth);
  app.onError(createErrorHandler(logger, routeOf));
  // The request log learns which route answered, whatever answers (ADR 044).
  app.use("*", noteRequests(routeOf));
  // Then: a stored public answer skips everything below, and a stored one has all its headers.
  app.use("*", publicCacheLayer(publicCache, sessionCache, metrics));
  app.use("*", securityHeaders({ https: parts.https, scriptHashes: shell?.scriptHashes ?? [] }));
  app.use("/api/*", apiContext(parts));
  app.use(
    "/api/*",
    allowedMethods(() => [...routesOf(api), ...authRoutes(auth)]),
  );
  // What a route declares of its body (ADR 057) is applied before the body is read.
  app.use("/api/*", limitBody, jsonObjectBodies(), sameOriginWrites(parts.origins));
  app.route("/api", api);
  app.all("/api/*", noSuchEndpoint);
  // A mail client's one-click unsubscribe goes to the link in the e-mail, not to the API (ADR 081).
  app.post("/unsubscribe/:token", apiContext(parts), ...oneClickUnsubscribe(deps.authSecret));
  // A photo on hold is served to its uploader only: the photo route reads the session as the API does.
  app.use("/uploads/*", apiContext(parts));
  app.get("/uploads/:name", servePhotoFile(storage, new HeldPhotos(db, publicCache)));
  app.route("/", createMetricsRouter({ metrics, token: config.METRICS_TOKEN }));
  if (deps.webRoot) serveWeb(app, deps.webRoot, shell, namedInAddresses(db));
  app.notFound((c) => c.json<ApiError>({ message: "Not found" }, 404));
  return app;
}

/** What a page's address names, for pages that are one only while it exists: a gardener, a crop. */
function namedInAddresses(db: Db): Parameters<typeof serveWeb>[3] {
  return {
    gardener: async (handle) => {
      const leads = await whereHandleLeads(db, handle);
      return leads.to === "moved" ? { movedTo: leads.handle } : leads.to;
    },
    crop: async (slug) => (await findCrop(db, slug)) !== undefined,
  };
}

/** What the app is made of, from its dependencies and their defaults. */
function partsOf(deps: AppDeps) {
  const { db, config = {}, logger = silentLogger, webRoot, metrics = new Metrics() } = deps;
  const publicCache = deps.publicCache ?? new PublicCache();
  const sessionCache = deps.sessionCache ?? new SessionCache();
  const memberEvents = deps.memberEvents ?? new MemberEvents();
  // One mailer for accounts and moderation, so a test reads every e-mail the app sent in one place.
  const mailer = deps.mailer ?? createMemoryMailer();
  const baseUrl = config.BASE_URL ?? DEFAULT_BASE_URL;
  // Every failure of the storage is answered alike, whatever the storage: 503, nothing kept.
  const storage = guardedStorage(deps.storage ?? createMemoryStorage({ publicBase: `${baseUrl}/uploads` }));
  const origins = trustedOrigins(baseUrl);
  return {
    db,
    config,
    logger,
    metrics,
    publicCache,
    sessionCache,
    memberEvents,
    mailer,
    storage,
    origins,
    https: baseUrl.startsWith("https://"),
    auth: authFor({ ...deps, mailer, storage, baseUrl, origins }),
    limiter: Limiter.forConfig(db, config, metrics),
    shell: webRoot ? readShell(webRoot) : undefined,
    exports:
      deps.exports ??
      new ExportRunner({
        db,
        archives: deps.archives ?? createMemoryArchives(),
        storage,
        baseUrl,
        secret: deps.authSecret,
        logger,
      }),
  };
}

/** The API: every module's router, mounted under /api by createApp. */
function apiOf(deps: AppDeps, parts: ReturnType<typeof partsOf>) {
  const { db, config, auth, origins, publicCache, sessionCache } = parts;
  const followingChanges = deps.followingChanges ?? (() => publicCache.live && sessionCache.live);
  const api = createRouter();
  api.route(
    "/",
    createSystemRouter({ followingChanges, ping: deps.pingDatabase ?? (() => pingDatabase(db)) }),
  );
  api.route("/", createAuthRouter(auth, { siteOrigins: origins, googleConfigured: hasGoogle(config) }));
  api.route("/", gardenersRouter);
  api.route("/", tipsRouter);
  api.route("/", commentsRouter);
  api.route("/", dashboardRouter);
  api.route("/", moderationRouter);
  api.route("/", blocksRouter);
  api.route("/", followsRouter);
  api.route("/", bookmarksRouter);
  api.route("/", settingsRouter);
  api.route("/", notificationsRouter);
  api.route("/", muteRouter);
  api.route("/", createEventsRouter(parts.memberEvents));
  api.route("/", createUnsubscribeRouter(deps.authSecret));
  api.route("/", createUploadsRouter({ queue: deps.photoQueue }));
  api.route("/", createAccountDataRouter(parts.exports));
  api.route("/", cropsRouter);
  api.route(
    "/",
    createDeletionRouter(parts.exports.deps, async (hash, password) =>
      (await auth.$context).password.verify({ hash, password }),
    ),
  );
  api.route("/", createDocsRouter(api, auth, { secureCookies: parts.https }));
  return api;
}

const hasGoogle = (config: Partial<AppConfig>) =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

/** better-auth, set up from the app's configuration. */
function authFor({
  db,
  authSecret,
  config = {},
  mailer = createMemoryMailer(),
  logger = silentLogger,
  storage,
  baseUrl,
  origins,
  passwordHashing,
}: AppDeps & { storage: PhotoStorage; baseUrl: string; origins: string[] }) {
  const roles = createRoleKeeper({ db, adminEmails: config.ADMIN_EMAILS ?? [], logger });
  return createAuth({
    db,
    mailer,
    logger,
    settings: {
      baseUrl,
      secret: authSecret,
      trustedOrigins: origins,
      profilePhoto: (address) =>
        imageToStore(db, storage, address).then(({ linked, photoHash }) => ({ image: linked, photoHash })),
      onVerified: (userId) => roles.verified(userId),
      // Signing in within a deletion's grace keeps the account (ADR 089).
      onSignIn: (userId) => cancelDeletion({ db, baseUrl }, userId).then(() => undefined),
      passwordHashing,
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
}

/**
 * What every API route finds in `c.var`; an answer that set no Cache-Control gets no-store (only what is
 * marked public is reused, ADR 022).
 */
function apiContext(
  vars: Pick<
    AppEnv["Variables"],
    "db" | "config" | "logger" | "auth" | "storage" | "limiter" | "sessionCache" | "mailer" | "metrics"
  >,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("db", vars.db);
    c.set("config", vars.config);
    c.set("logger", vars.logger);
    c.set("auth", vars.auth);
    c.set("storage", vars.storage);
    c.set("limiter", vars.limiter);
    c.set("sessionCache", vars.sessionCache);
    c.set("mailer", vars.mailer);
    c.set("metrics", vars.metrics);
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  });
}

/** The routes of the API's own modules, for the 405 table (ADR 014). */
function routesOf(api: ReturnType<typeof createRouter>) {
  return api.routes
    .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
    .map((route) => ({ path: `/api${route.path}`, method: route.method }));
}

export type { AppEnv } from "./lib/app-env.ts";
export type App = ReturnType<typeof createApp>;

/**
 * The route pattern of a request for the request log: the app's own, or for better-auth's mounted
 * handler the pattern of the endpoint it serves (`/api/auth/reset-password/:token`), so no token in a
 * path is logged or counted.
 */
function routeNamer(auth: Auth) {
  const endpoints = new PatternRouter<string>();
  for (const { method, path } of authRoutes(auth)) endpoints.add(method, path, path);
  return (method: string, path: string, pattern: string) => {
    if (pattern !== "/api/auth/*") return pattern;
    const [matches] = endpoints.match(method === "HEAD" ? "GET" : method, path);
    return matches[0]?.[0] ?? pattern;
  };
}

/** The paths and methods better-auth answers under /api/auth, from its own endpoint list. */
function authRoutes(auth: Auth) {
  return Object.values(auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (!path || !options?.method) return [];
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    return methods.filter((method) => method !== "*").map((method) => ({ path: `/api/auth${path}`, method }));
  });
}
