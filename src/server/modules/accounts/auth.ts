import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { openAPI } from "better-auth/plugins/open-api";
import { eq, sql } from "drizzle-orm";
import { PASSWORD_POLICY } from "#shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { accountMail, RESET_TOKEN_TTL_SECONDS, VERIFICATION_TOKEN_TTL_SECONDS } from "./account-mail.ts";
import { createAfterAnswerQueue } from "./after-answer.ts";
import { betterAuthLog } from "./auth-log.ts";
import type { AuthSettings } from "./auth-settings.ts";
import { retireResetLinks } from "./links.ts";
import { requestChecks } from "./request-checks.ts";

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
  const mail = accountMail({ db, settings, mailer, logger });

  /** Whatever follows a verified e-mail fails alone: the verification itself has been made. */
  async function verified(userId: string) {
    await settings.onVerified?.(userId).catch((error) => logger.error("After a verified e-mail", error));
  }

  // Reset requests are answered at once and worked on afterwards, here (ADR 031).
  const afterAnswer = createAfterAnswerQueue({ limit: 1000, logger });
  let requestReset: (email: string) => Promise<unknown> = async () => undefined;

  const auth = betterAuth({
    appName: "Gardening Community",
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
    logger: betterAuthLog(logger),
    // A failure that is not one of better-auth's answers goes on to the API's error handler (lib/requests/errors.ts),
    // which logs it on one line and answers 500 { message }, instead of better-call printing it over many
    // lines. Its answers are logged by the auth router: a client's mistakes at debug.
    onAPIError: { throw: true },
    advanced: {
      useSecureCookies: settings.baseUrl.startsWith("https://"),
      database: { generateId: () => randomUUID() },
    },
    user: {
      changeEmail: { enabled: false },
      // Read with the session, so a route knows the caller's role without asking again; never taken from
      // a client (input: false), only set by the server (ADR 040).
      additionalFields: {
        role: { type: "string", input: false, required: false, defaultValue: "member" },
        held: { type: "boolean", input: false, required: false, defaultValue: false },
        // The uploaded photo the profile shows; set from `image` by the hooks below, never by a client.
        photoHash: { type: "string", input: false, required: false },
      },
    },
    // A profile photo uploaded here is stored as its record, so it survives a move of the site; answers
    // give it back at today's address (auth.routes.ts).
    databaseHooks: {
      user: {
        create: {
          // An empty photo is no photo: null, as the answers document it, not "".
          before: async (user) => ({ data: { ...user, ...(await settings.profilePhoto(user.image)) } }),
          // A Google sign-in makes an account whose e-mail Google verified.
          after: async (user) => {
            if (user.emailVerified) await verified(user.id);
          },
        },
        update: {
          // A new photo, or none (null or ""): an uploaded one is cleared with the link, as both are "the photo".
          before: async (user) =>
            typeof user.image === "string" || user.image === null
              ? { data: { ...user, ...(await settings.profilePhoto(user.image)) } }
              : undefined,
          // The verification link, or a Google sign-in joining the account.
          after: async (user) => {
            if (user.emailVerified) await verified(user.id);
          },
        },
      },
      // A suspended account gets no session, by any way of signing in (ADR 042).
      session: {
        create: {
          before: async (session) => {
            const until = await suspendedUntil(db, session.userId);
            if (until) throw new APIError("FORBIDDEN", { message: suspensionMessage(until) });
          },
          after: async (session) => {
            await settings.onSignIn?.(session.userId);
          },
        },
      },
      // A changed password retires the reset links asked for before it (ADR 031); verification links
      // carry a stamp of the password (links.ts) and die with it.
      account: {
        update: {
          after: async (account) => {
            if (account?.providerId === "credential") await retireResetLinks(db, account.userId);
          },
        },
      },
    },
    // A Google sign-in joins an existing account only when Google says the e-mail is verified
    // and the account's own e-mail is verified too (requireLocalEmailVerified, better-auth's default).
    // Demo accounts are never verified, so they are never joined.
    account: { accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true } },
    // Sign-up sends a verification e-mail; nothing waits for it (the account is signed in at once).
    // The link never signs anyone in: it verifies only in a browser signed in to the account (links.ts).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TOKEN_TTL_SECONDS,
      sendVerificationEmail: mail.sendVerificationEmail,
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_POLICY.minLength,
      maxPasswordLength: PASSWORD_POLICY.maxLength,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      ...(settings.passwordHashing ? { password: settings.passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      // Following the reset link proved the mailbox, and every other session has ended: whoever holds the
      // password now holds the address, which is what a verified address means here (ADR 031).
      onPasswordReset: async ({ user }) => {
        await retireResetLinks(db, user.id);
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        await verified(user.id);
      },
      sendResetPassword: mail.sendResetPassword,
    },
    hooks: {
      before: requestChecks({
        db,
        settings,
        logger,
        queueResetRequest: (email) => afterAnswer.push("A password reset request", () => requestReset(email)),
      }),
    },
    plugins: [
      // Describes every accounts endpoint; merged into /api/openapi.json (docs.routes.ts).
      openAPI({ disableDefaultReference: true }),
      ...(settings.google
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
        : []),
    ],
  });
  requestReset = (email) => auth.api.requestPasswordReset({ body: { email } });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** When the account's suspension ends ('infinity' read as null end), or undefined when it is not suspended. */
async function suspendedUntil(db: Db, userId: string): Promise<Date | "indefinitely" | undefined> {
  const [row] = await db
    .select({
      until: users.suspendedUntil,
      indefinite: sql<boolean>`${users.suspendedUntil} = 'infinity'::timestamptz`,
      active: sql<boolean>`${users.suspendedUntil} > now()`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.active) return undefined;
  return row.indefinite ? "indefinitely" : (row.until ?? undefined);
}

/** What a suspended member is told when they try to sign in. */
function suspensionMessage(until: Date | "indefinitely"): string {
  const suspended =
    until === "indefinitely"
      ? "Your account is suspended by the moderators"
      : `Your account is suspended by the moderators until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return `${suspended}. The e-mail we sent you about it says why, and has the link to appeal.`;
}
