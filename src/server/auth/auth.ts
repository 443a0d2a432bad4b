import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { DisplayNameSchema, PASSWORD_POLICY, passwordProblems } from "#shared/schemas/auth.ts";
import { HttpUrlSchema } from "#shared/schemas/common.ts";
import type { Db } from "../db/client.ts";
import { accounts, sessions, users, verifications } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { passwordResetEmail } from "../mail/templates.ts";

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export interface AuthSettings {
  baseUrl: string;
  secret: string;
  trustedOrigins: string[];
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
}

function rejectInvalid(message: string): never {
  throw new APIError("BAD_REQUEST", { message });
}

/** Ruling 3: the server checks again every rule the forms check. */
function checkPassword(password: unknown) {
  if (typeof password !== "string") rejectInvalid("Password is required");
  const [problem] = passwordProblems(password);
  if (problem) rejectInvalid(problem);
}

function checkName(name: unknown) {
  const result = DisplayNameSchema.safeParse(name);
  if (!result.success) rejectInvalid(result.error.issues[0]?.message ?? "Invalid name");
}

/** A photo is optional (Google accounts may have none) but, when given, must be an http(s) URL. */
function checkImage(image: unknown) {
  if (image === undefined || image === null || image === "") return;
  const result = HttpUrlSchema.safeParse(image);
  if (!result.success) rejectInvalid(`Profile photo: ${result.error.issues[0]?.message ?? "invalid URL"}`);
}

export function createAuth({
  db,
  settings,
  mailer,
  logger,
}: {
  db: Db;
  settings: AuthSettings;
  mailer: Mailer;
  logger: Logger;
}) {
  return betterAuth({
    appName: "Garden Community",
    baseURL: settings.baseUrl,
    basePath: "/api/auth",
    secret: settings.secret,
    trustedOrigins: settings.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    // Our own limiter (auth.routes.ts) counts per IP and per account and answers in our error shape.
    rateLimit: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const details = args.length > 0 ? args : undefined;
        if (level === "error") logger.error(`auth: ${message}`, details);
        else if (level === "warn") logger.warn(`auth: ${message}`, details);
        else logger.debug(`auth: ${message}`, details);
      },
    },
    // Client mistakes (wrong password, weak password…) are answered, not logged as errors; only
    // server faults reach the error log.
    onAPIError: {
      onError: (error) => {
        const status =
          error && typeof error === "object" && "statusCode" in error ? Number(error.statusCode) : 500;
        if (status >= 500) logger.error("auth: request failed", error);
        else logger.debug(`auth: ${error instanceof Error ? error.message : String(error)}`);
      },
    },
    advanced: {
      useSecureCookies: settings.baseUrl.startsWith("https://"),
      database: { generateId: () => randomUUID() },
    },
    user: { changeEmail: { enabled: false } },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_POLICY.minLength,
      maxPasswordLength: PASSWORD_POLICY.maxLength,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${settings.baseUrl}/auth/reset?token=${encodeURIComponent(token)}`;
        const message = passwordResetEmail({
          to: user.email,
          name: user.name,
          url,
          expiresInMinutes: RESET_TOKEN_TTL_SECONDS / 60,
        });
        const sending = mailer
          .send(message)
          .catch((error) => logger.error(`Sending the reset e-mail to ${user.email} failed`, error));
        // An SMTP round trip is not awaited: answering at once whether or not the account exists keeps
        // e-mails from being discovered by timing the request. The outbox file is written before the
        // answer, so it is there as soon as the request returns.
        if (mailer.local) await sending;
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case "/sign-up/email":
            checkName(body.name);
            checkImage(body.image);
            checkPassword(body.password);
            break;
          case "/reset-password":
          case "/change-password":
            checkPassword(body.newPassword);
            break;
          case "/update-user":
            if ("name" in body) checkName(body.name);
            if ("image" in body) checkImage(body.image);
            break;
        }
      }),
    },
    plugins: settings.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                name: "Google",
                discoveryUrl: settings.google.discoveryUrl,
                clientId: settings.google.clientId,
                clientSecret: settings.google.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                mapProfileToUser: (profile) => ({
                  name:
                    typeof profile.name === "string" && profile.name
                      ? profile.name
                      : String(profile.email ?? "Gardener"),
                  image: typeof profile.picture === "string" ? profile.picture : undefined,
                }),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
