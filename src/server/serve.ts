import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { type Database, DatabaseUnavailableError } from "./db/client.ts";
import { seedOnFirstStart } from "./db/seed.ts";
import { type Env, failToStart as fail } from "./env.ts";
import { hasSessionCookie, memberKey, PublicCache, replyFor } from "./lib/cache/public-cache.ts";
import { isSessionAsk, noteHit, SESSION_ROUTE } from "./lib/cache/public-cache-layer.ts";
import { SessionCache } from "./lib/cache/session-cache.ts";
import { MemberEvents } from "./lib/events/member-events.ts";
import { createLogger } from "./lib/logger.ts";
import { Metrics, mayScrape } from "./lib/metrics.ts";
import { webDistDir } from "./lib/paths.ts";
import { type RequestNote, requestContext } from "./lib/requests/request-context.ts";
import { observeRequests, unwatched } from "./lib/requests/request-log.ts";
import { sessionCookieKey } from "./lib/security/session.ts";
import { NODE_LISTENER_OPTIONS } from "./lib/security/unread-refusals.ts";
import { MailQueue, startMailSweep } from "./mail/mail-queue.ts";
import { createMailer } from "./mail/mailer.ts";
import { ExportRunner, runDueDeletions } from "./modules/account-data/index.ts";
import { resolveAuthSecret } from "./modules/accounts/index.ts";
import { sendDueReminders, startBookmarkSweep } from "./modules/bookmarks/index.ts";
import { sendDueSowingReminders, startSowingReminders } from "./modules/crops/index.ts";
import { createRoleKeeper, startModerationSweep, unsentNotices } from "./modules/moderation/index.ts";
import {
  sendSummaries,
  startNotificationMailSweep,
  startSummarySweep,
} from "./modules/notifications/index.ts";
import { startPhotoSweep } from "./modules/uploads/index.ts";
import { startBackupService } from "./ops/backup-service.ts";
import { memberByEmailIn, startTestClock } from "./ops/test-clock.ts";
import { createArchiveStore, createPhotoStorage } from "./storage/create-storage.ts";

/**
 * The server, once the environment is read and the database is opening (server.ts): prepares the
 * database, builds the app and its caches, and listens until SIGTERM or SIGINT.
 */
export async function serve(env: Env, opening: Promise<Database>): Promise<void> {
  const logger = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT);
  let database: Database;
  try {
    database = await opening;
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
  // Suspensions whose time has passed end by themselves; moderation e-mails go out even after a failure.
  const stopModerationSweep = startModerationSweep({
    db: database.db,
    logger,
    mailer,
    baseUrl: env.BASE_URL,
  });
  // A deleted tip's bookmarks say so for three days, then go.
  const stopBookmarkSweep = startBookmarkSweep({ db: database.db, logger });
  const stopSowingReminders = startSowingReminders({ db: database.db, logger });
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
  // Members' open event streams are woken when their unread count changes, on any instance (ADR 080).
  const memberEvents = new MemberEvents();
  const stopFollowingMembers = await memberEvents
    .follow(database)
    .catch((error: unknown) =>
      fail(`cannot listen for members' events: ${error instanceof Error ? error.message : String(error)}`),
    );
  // What the server counts, read at /metrics (ADR 044).
  const metrics = new Metrics({ processFigures: true });
  metrics.watchPool(() => database.connections());
  // Account e-mails the mail server refused are tried again from the database, on every instance (ADR 045).
  const mailQueue = new MailQueue(database.db, mailer, logger);
  const stopMailSweep = startMailSweep(mailQueue, logger);
  metrics.watchMailQueue(async () => (await mailQueue.waiting()) + (await unsentNotices(database.db)));
  // Backups: asked for by `npm run backup` through DATA_DIR/control.sock, and every BACKUP_EVERY (ADR 046).
  const stopBackups = await startBackupService({
    database,
    storage,
    dataDir: env.DATA_DIR,
    backupDir: env.BACKUP_DIR,
    everyMs: env.BACKUP_EVERY,
    keep: env.BACKUP_KEEP,
    logger,
  }).catch((error: unknown) =>
    fail(`cannot offer backups: ${error instanceof Error ? error.message : String(error)}`),
  );
  const authSecret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  // Comments that wait unread while their member is away are e-mailed (ADR 081).
  const stopNotificationMails = startNotificationMailSweep({
    db: database.db,
    baseUrl: env.BASE_URL,
    secret: authSecret,
    metrics,
    logger,
  });
  // What a member missed, once a week (or day) while away (ADR 084).
  const summaryRun = { db: database.db, baseUrl: env.BASE_URL, secret: authSecret, metrics };
  const stopSummaries = startSummarySweep({ ...summaryRun, logger });
  // Members' copies of their data, built in the background and deleted 48 hours after (ADR 088).
  const exports = new ExportRunner({
    db: database.db,
    archives: createArchiveStore(env, storage),
    storage,
    baseUrl: env.BASE_URL,
    secret: authSecret,
    logger,
    ledgerFile: env.BACKUP_DIR ? path.join(env.BACKUP_DIR, "deletions.jsonl") : undefined,
  });
  const stopExports = exports.start();
  // The browser tests run a member's reminders and summary on the day they pick (ADR 086).
  const stopTestClock = env.TEST_CLOCK
    ? await startTestClock({
        dataDir: env.DATA_DIR,
        jobs: {
          reminders: (at, userId) => sendDueReminders(database.db, at, userId),
          summaries: (at, userId) => sendSummaries({ ...summaryRun, now: at, onlyUserId: userId }),
          mail: () => mailQueue.deliver(),
          deletions: (at, userId) => runDueDeletions(exports.deps, { now: at, onlyUserId: userId }),
          sowing: (at, userId) => sendDueSowingReminders(database.db, at, userId),
        },
        memberByEmail: memberByEmailIn(database.db),
        logger,
      })
    : async () => {};
  metrics.watchStreams(() => memberEvents.size);
  const app = createApp({
    metrics,
    storage,
    exports,
    publicCache,
    sessionCache,
    memberEvents,
    db: database.db,
    pingDatabase: () => database.ping(),
    authSecret,
    config: env,
    mailer,
    logger,
    webRoot: env.NODE_ENV === "production" ? webDistDir : undefined,
  });

  /**
   * The request's id, sent back in X-Request-Id: given with the other headers of a stored answer, as Node
   * writes a list of headers as it is only when no header was set on the response before.
   */
  const idHeader = (note: RequestNote): string[] => (note.id ? ["x-request-id", note.id] : []);

  /**
   * A stored public answer is sent straight from the cache, before the request is turned into a fetch
   * Request for the app: the same bytes and headers the app would send (lib/cache/public-cache.ts makes both),
   * at close to what a bare node:http server manages (ADR 022, `npm run bench`). Returns the status sent, or
   * 0 when nothing kept answers the request.
   */
  function answerFromCache(req: IncomingMessage, res: ServerResponse, note: RequestNote): number {
    const { method, url } = req;
    if ((method !== "GET" && method !== "HEAD") || !url) return 0;
    if (isSessionAsk(method, url)) {
      const kept = sessionCache.get(sessionCookieKey(req.headers.cookie));
      if (!kept?.answer) return 0;
      metrics.cacheLookup("session", true);
      noteHit(SESSION_ROUTE, kept.user.id, note);
      res.writeHead(200, [
        ...kept.answer.headers.flat(),
        "content-length",
        String(kept.answer.body.length),
        ...idHeader(note),
      ]);
      res.end(kept.answer.body);
      return 200;
    }
    const signedIn = hasSessionCookie(req.headers.cookie);
    let answer = publicCache.get(url, signedIn);
    // The same for everyone: the line names no account, as the app's own public answers do not.
    let account: string | undefined;
    if (!answer && signedIn) {
      // A member's own kept answer (ADR 034) is found through their kept session, never another's.
      const user = sessionCache.get(sessionCookieKey(req.headers.cookie))?.user;
      answer = user ? publicCache.get(memberKey(user.id, url), true) : undefined;
      account = user?.id;
    }
    if (!answer) return 0;
    metrics.cacheLookup(answer.scope === "member" ? "member" : "public", true);
    noteHit(answer.route, account, note);
    const reply = replyFor(answer, {
      method,
      ifNoneMatch: req.headers["if-none-match"],
      acceptEncoding: req.headers["accept-encoding"],
    });
    res.writeHead(reply.status, [...reply.flatHeaders, ...idHeader(note)]);
    res.end(reply.body ?? undefined);
    return reply.status;
  }

  const appListener = getRequestListener(app.fetch, { hostname: env.HOST, ...NODE_LISTENER_OPTIONS });
  const watch = env.REQUEST_WATCHING
    ? observeRequests({ logger, metrics, trustProxy: env.TRUST_PROXY > 0 })
    : unwatched;
  const server = createServer((req, res) => {
    const note = watch.begin(req);
    const status = answerFromCache(req, res, note);
    if (status) {
      watch.sent(req, status, note);
      return;
    }
    if (note.id) res.setHeader("X-Request-Id", note.id);
    watch.follow(req, res, note);
    // The app runs in the request's context: every line it logs names the request (ADR 044).
    requestContext.run(note, () => void appListener(req, res));
  });
  // A kept-alive connection is closed by its client first: one the server closed while a request was on its
  // way (Node's default is 5 s idle) resets that request. Proxies keep idle upstream connections 60 s
  // (nginx's keepalive_timeout, a load balancer's idle timeout), browsers and API clients less.
  server.keepAliveTimeout = 65_000;
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
    if (!env.REQUEST_WATCHING)
      logger.warn(
        "REQUEST_WATCHING=off: requests get no id, log line or metrics. Only to measure what watching costs.",
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

  // A port of its own for the figures, for a scraper on the operator's network: nothing else is served there.
  const metricsServer =
    env.METRICS_PORT === undefined
      ? undefined
      : createServer((req, res) => {
          const path = req.url?.split("?")[0];
          if (req.method !== "GET" || path !== "/metrics") {
            res
              .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
              .end("Not found: only /metrics is here\n");
            return;
          }
          if (env.METRICS_TOKEN && !mayScrape(req.headers.authorization, env.METRICS_TOKEN)) {
            res.writeHead(401, { "WWW-Authenticate": "Bearer", "Content-Type": "text/plain; charset=utf-8" });
            res.end("Send METRICS_TOKEN as Authorization: Bearer <token>\n");
            return;
          }
          metrics.text().then(
            (text) => res.writeHead(200, { "Content-Type": metrics.contentType }).end(text),
            (error: unknown) => {
              logger.error("Reading the metrics failed", error);
              res.writeHead(500).end();
            },
          );
        });
  metricsServer?.listen(env.METRICS_PORT, env.METRICS_HOST, () =>
    logger.info(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`),
  );
  metricsServer?.on("error", (error: NodeJS.ErrnoException) =>
    fail(
      `METRICS_PORT ${env.METRICS_PORT} on ${env.METRICS_HOST}: ${error.code === "EADDRINUSE" ? "already in use" : error.message}`,
    ),
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, closing`);
    stopPhotoSweep();
    stopModerationSweep();
    stopBookmarkSweep();
    stopSowingReminders();
    stopNotificationMails();
    stopSummaries();
    stopExports();
    stopMailSweep();
    metricsServer?.close();
    // An event stream would hold close() open until it ends by itself: it is ended now, and its
    // connection closed once its last bytes are out.
    memberEvents.endAll();
    const force = setTimeout(() => {
      logger.warn("Requests still open after 10 s, stopping anyway");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      // A backup under way is finished first: a file half written is removed, never left to be found.
      await stopBackups().catch(() => {});
      await stopTestClock().catch(() => {});
      await stopFollowingChanges().catch(() => {});
      await stopFollowingSessions().catch(() => {});
      await stopFollowingMembers().catch(() => {});
      await database.close().catch((error) => logger.error("Closing the database failed", error));
      process.exit(0);
    });
    // Idle keep-alive connections would hold close() open; the streams just ended become idle shortly.
    if ("closeIdleConnections" in server) {
      server.closeIdleConnections();
      setTimeout(() => server.closeIdleConnections(), 100).unref();
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
