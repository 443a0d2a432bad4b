import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { type Database, DatabaseUnavailableError, openDatabase } from "./db/client.ts";
import { seedOnFirstStart } from "./db/seed.ts";
import { EnvError, ensureDataDir, loadEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { webDistDir } from "./lib/paths.ts";
import { hasSessionCookie, memberKey, PublicCache, replyFor } from "./lib/public-cache.ts";
import { isSessionAsk } from "./lib/public-cache-layer.ts";
import { sessionCookieKey } from "./lib/session.ts";
import { SessionCache } from "./lib/session-cache.ts";
import { NODE_LISTENER_OPTIONS } from "./lib/unread-refusals.ts";
import { createMailer } from "./mail/mailer.ts";
import { resolveAuthSecret } from "./modules/accounts/index.ts";
import { createRoleKeeper, startSuspensionSweep } from "./modules/moderation/index.ts";
import { startPhotoSweep } from "./modules/uploads/index.ts";
import { createPhotoStorage } from "./storage/create-storage.ts";

/** Start-up problems a person can fix are reported as one line, never as a stack trace. */
function fail(message: string): never {
  console.error(`Gardening Community cannot start: ${message}`);
  process.exit(1);
}

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
  ensureDataDir(env.DATA_DIR);
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

const logger = createLogger(env.LOG_LEVEL);
let database: Database;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  if (env.SEED_DEMO_DATA) {
    const seeded = await seedOnFirstStart(database.db);
    if (seeded) logger.info(`Loaded demo data: ${seeded.gardeners} gardeners, ${seeded.tips} tips`);
  }
  // ADMIN_EMAILS may have changed since the last start: the administrators follow it (ADR 040).
  await createRoleKeeper({ db: database.db, adminEmails: env.ADMIN_EMAILS, logger }).settle();
} catch (error) {
  if (error instanceof DatabaseUnavailableError) fail(error.message);
  fail(`the database could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
}

const mailer = createMailer({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  outboxDir: path.join(env.DATA_DIR, "outbox"),
  logger,
});
// Uploaded photos: DATA_DIR/uploads, or the S3 bucket; those nothing uses are deleted after a day.
const storage = createPhotoStorage(env);
const stopPhotoSweep = startPhotoSweep({ db: database.db, storage, logger });
// Suspensions whose time has passed end by themselves.
const stopSuspensionSweep = startSuspensionSweep({ db: database.db, logger });
logger.info(`Uploaded photos are kept in ${storage.describe}`);
// Public answers are kept between requests and dropped on every change, from this instance or another.
const publicCache = new PublicCache();
const stopFollowingChanges = await publicCache
  .follow(database)
  .catch((error: unknown) =>
    fail(`cannot listen for database changes: ${error instanceof Error ? error.message : String(error)}`),
  );
// Members' sessions are kept between requests and dropped on every change to them or their accounts.
const sessionCache = new SessionCache();
const stopFollowingSessions = await sessionCache
  .follow(database)
  .catch((error: unknown) =>
    fail(`cannot listen for session changes: ${error instanceof Error ? error.message : String(error)}`),
  );
const app = createApp({
  storage,
  publicCache,
  sessionCache,
  db: database.db,
  authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
  config: env,
  mailer,
  logger,
  webRoot: env.NODE_ENV === "production" ? webDistDir : undefined,
});

/**
 * A stored public answer is sent straight from the cache, before the request is turned into a fetch
 * Request for the app: the same bytes and headers the app would send (lib/public-cache.ts makes both),
 * at close to what a bare node:http server manages (ADR 022, `npm run bench`).
 */
function answerFromCache(req: IncomingMessage, res: ServerResponse): boolean {
  const { method, url } = req;
  if ((method !== "GET" && method !== "HEAD") || !url) return false;
  if (isSessionAsk(method, url)) {
    const kept = sessionCache.get(sessionCookieKey(req.headers.cookie))?.answer;
    if (!kept) return false;
    res.writeHead(200, [...kept.headers.flat(), "content-length", String(kept.body.length)]);
    res.end(kept.body);
    return true;
  }
  const answer = publicCache.get(url, hasSessionCookie(req.headers.cookie)) ?? memberAnswer(req, url);
  if (!answer) return false;
  const reply = replyFor(answer, {
    method,
    ifNoneMatch: req.headers["if-none-match"],
    acceptEncoding: req.headers["accept-encoding"],
  });
  res.writeHead(reply.status, reply.flatHeaders);
  res.end(reply.body ?? undefined);
  return true;
}

/** A member's own kept answer (ADR 034): found through their kept session, never another's. */
function memberAnswer(req: IncomingMessage, url: string) {
  const key = sessionCookieKey(req.headers.cookie);
  const user = key ? sessionCache.get(key)?.user : undefined;
  return user ? publicCache.get(memberKey(user.id, url), true) : undefined;
}

const appListener = getRequestListener(app.fetch, { hostname: env.HOST, ...NODE_LISTENER_OPTIONS });
const server = createServer((req, res) => {
  if (!answerFromCache(req, res)) void appListener(req, res);
});
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  logger.info(
    `Gardening Community (${env.NODE_ENV}) on http://${shownHost}:${port} with ${database.driver} at ${database.location}`,
  );
  logger.info(
    `Public address ${env.BASE_URL}; e-mail to ${mailer.describe}; Google sign-in ${env.GOOGLE_CLIENT_ID ? "configured" : "not configured"}`,
  );
  if (!env.RATE_LIMIT)
    logger.warn(
      "RATE_LIMITS=off: every limit (sign-in, sign-up, e-mails, uploads, tips, likes) is off. Only for load tests and benchmarks.",
    );
});
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE")
    fail(`port ${env.PORT} on ${env.HOST} is already in use (set PORT to another one)`);
  if (error.code === "EADDRNOTAVAIL") fail(`HOST ${env.HOST} is not an address of this machine`);
  fail(error.message);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, closing`);
  stopPhotoSweep();
  stopSuspensionSweep();
  const force = setTimeout(() => {
    logger.warn("Requests still open after 10 s, stopping anyway");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(async () => {
    await stopFollowingChanges().catch(() => {});
    await stopFollowingSessions().catch(() => {});
    await database.close().catch((error) => logger.error("Closing the database failed", error));
    process.exit(0);
  });
  // Idle keep-alive connections would hold close() open.
  if ("closeIdleConnections" in server) server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
