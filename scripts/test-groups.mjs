// Which server test files run how (ADR 047), read by vitest.config.ts and scripts/test.mjs.

/**
 * Files that time how fast something answers (a change reaching another instance within a second, the
 * health check within two seconds of the database going away, photo decodes side by side): each runs
 * alone, once the others are done, so that what it times competes with no second test file.
 */
export const aloneTests = [
  "src/server/faults.postgres.test.ts",
  "src/server/instances.postgres.test.ts",
  "src/server/lib/cache/public-cache-listener.postgres.test.ts",
  "src/server/lib/cache/session-cache-listener.postgres.test.ts",
  "src/server/modules/uploads/upload-queue.test.ts",
];

/**
 * What can differ from one Node.js release to the next, run again on the newest LTS (Node 24) on the
 * embedded database: the server as a process (start, shutdown, a start after SIGKILL, an earlier release's
 * data, its request log), the PGlite thread, sharp and the photo decoder's process, node:crypto (scrypt, HMAC,
 * secrets), streams and sockets (whole backups written through tar and gzip, one asked for through
 * DATA_DIR's socket, chunked bodies, SMTP, S3 through the AWS SDK), and fetch. Everything else is our own JavaScript over the same libraries,
 * which Node 20 has run: the uploads module's own rules (sizes, limits, the sweep) among it. What survives
 * a crash is PGlite's write-ahead log on the disk, the same WebAssembly on every release, so the crash
 * test's three kills run on Node 20 only; server.unit starts a server again after a SIGKILL on both.
 */
export const acrossNodeVersions = [
  "src/server/ops/backup-service.test.ts",
  "src/server/observability.test.ts",
  "src/server/server.unit.test.ts",
  "src/server/upgrade.test.ts",
  "src/server/db/pglite-thread.unit.test.ts",
  "src/server/lib/requests/request-bounds.test.ts",
  "src/server/mail/mailer.unit.test.ts",
  "src/server/modules/accounts/auth.test.ts",
  "src/server/modules/accounts/links.test.ts",
  "src/server/modules/accounts/secret.unit.test.ts",
  "src/server/modules/uploads/photo-decoder.unit.test.ts",
  "src/server/storage/s3-storage.test.ts",
];

/**
 * Files whose subject is not the database (the HTTP layer's bounds and headers, the API document and the
 * checker of answers against it, the S3 client, who may use each moderation route, a photo's decoding and
 * storing): their queries are the ones every other file runs on both engines, one request after another,
 * so they run once, on the embedded database, and not again on PostgreSQL. Photos written at once, where
 * PostgreSQL's connections matter, keep a file of their own there (photo-races.postgres.test.ts).
 */
export const onOneDatabase = [
  "src/server/lib/requests/request-bounds.test.ts",
  "src/server/modules/docs/openapi-document.test.ts",
  "src/server/modules/moderation/access.test.ts",
  "src/server/modules/uploads/uploads.test.ts",
  "src/server/storage/s3-storage.test.ts",
  "src/server/test/openapi-validator.test.ts",
];
