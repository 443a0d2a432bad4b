import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users, verifications } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import { MailQueue } from "../../mail/mail-queue.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { passwordResetEmail, verificationEmail } from "../../mail/templates.ts";
import type { AuthSettings } from "./auth-settings.ts";
import { verificationToken } from "./links.ts";

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;
export const VERIFICATION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

interface MailedUser {
  id: string;
  email: string;
  name: string;
}

/**
 * The e-mails better-auth asks for: the verification link after a sign-up and the password reset link.
 * They are kept in the database before they are sent, and retried until the mail server takes them
 * (ADR 045); nobody waits for an SMTP round trip.
 */
export function accountMail({
  db,
  settings,
  mailer,
  logger,
}: {
  db: Db;
  settings: Pick<AuthSettings, "baseUrl" | "secret">;
  mailer: Mailer;
  logger: Logger;
}) {
  const mail = new MailQueue(db, mailer, logger);

  /** Demo accounts own the demo tips: no e-mail is ever sent for them, so no link can open them. */
  async function signInDisabled(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ disabled: users.signInDisabled })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.disabled ?? false;
  }

  return {
    sendVerificationEmail: async ({ user, url }: { user: MailedUser; url: string }) => {
      if (await signInDisabled(user.id)) return;
      // The link lands on the profile, which shows the e-mail as verified.
      const link = new URL(url);
      const callback = link.searchParams.get("callbackURL");
      if (!callback || callback === "/") link.searchParams.set("callbackURL", "/profile");
      // better-auth's token, with the stamp of the password as it is now: a change retires it.
      link.searchParams.set(
        "token",
        await verificationToken(db, settings.secret, user, VERIFICATION_TOKEN_TTL_SECONDS),
      );
      await mail.enqueue(
        verificationEmail({
          to: user.email,
          name: user.name,
          url: link.toString(),
          notMeUrl: `${settings.baseUrl}/auth/reset?email=${encodeURIComponent(user.email)}&reason=not-me`,
          expiresInHours: VERIFICATION_TOKEN_TTL_SECONDS / 3600,
        }),
        "verification",
        { expiresAt: new Date(Date.now() + VERIFICATION_TOKEN_TTL_SECONDS * 1000) },
      );
    },

    // Runs after the answer has gone (the request checks queue it), so its work cannot be timed.
    sendResetPassword: async ({ user, token }: { user: MailedUser; token: string }) => {
      // Only the newest link works: a second request retires the first, so an older e-mail is harmless.
      const current = `reset-password:${token}`;
      const disabled = await signInDisabled(user.id);
      await db
        .delete(verifications)
        .where(
          and(
            like(verifications.identifier, "reset-password:%"),
            eq(verifications.value, user.id),
            disabled ? undefined : ne(verifications.identifier, current),
          ),
        );
      // A demo account gets no e-mail and keeps no token: it answers the same as any other e-mail.
      if (disabled) return;
      const url = `${settings.baseUrl}/auth/reset?token=${encodeURIComponent(token)}`;
      const message = passwordResetEmail({
        to: user.email,
        name: user.name,
        url,
        expiresInMinutes: RESET_TOKEN_TTL_SECONDS / 60,
      });
      await mail.enqueue(message, "reset", {
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
      });
    },
  };
}
