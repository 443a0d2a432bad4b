// Starts the built server for the browser tests on a fresh embedded database in .test-data/e2e, with a
// real SMTP server (messages saved to .test-data/e2e/mail) and a local OpenID provider standing in for
// Google, both on 127.0.0.1.
import { rmSync } from "node:fs";
import path from "node:path";
import { startOidcIssuer } from "../../src/server/test/oidc-issuer.ts";
import { startSmtpCapture } from "../../src/server/test/smtp-capture.ts";
import { dataDir, E2E, mailDir } from "./env.ts";
import { seedEstablished } from "./established.ts";

const root = path.resolve(import.meta.dirname, "../..");
rmSync(path.join(root, ".test-data", "e2e"), { recursive: true, force: true });

const smtp = await startSmtpCapture({ saveDir: mailDir });
const issuer = await startOidcIssuer({
  clientId: E2E.google.clientId,
  clientSecret: E2E.google.clientSecret,
  redirectUris: [`${E2E.baseURL}/api/auth/callback/google`],
  user: E2E.google.user,
  port: E2E.oidcPort,
});

Object.assign(process.env, {
  NODE_ENV: "production",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  DATA_DIR: dataDir,
  PORT: String(E2E.port),
  HOST: "127.0.0.1",
  BASE_URL: E2E.baseURL,
  SMTP_URL: smtp.url,
  MAIL_FROM: "Gardening Community <no-reply@garden.test>",
  GOOGLE_CLIENT_ID: E2E.google.clientId,
  GOOGLE_CLIENT_SECRET: E2E.google.clientSecret,
  GOOGLE_DISCOVERY_URL: issuer.discoveryUrl,
  ADMIN_EMAILS: E2E.administrators.join(","),
  // The tests make their data through the API at machine speed, all from 127.0.0.1: up to 22 tips per
  // account in a second, more across a run, past the write limits (ADR 032). The limits themselves are
  // proven by the server tests.
  RATE_LIMITS: "off",
  // As behind one proxy: the tests that need members at addresses of their own send X-Forwarded-For.
  TRUST_PROXY: "1",
  // A test runs a member's bookmark reminders and summary on the day it picks (ADR 086).
  TEST_CLOCK: "on",
});
await seedEstablished(process.env.DATA_DIR ?? "");
await import(path.join(root, "dist/server/server.mjs"));
