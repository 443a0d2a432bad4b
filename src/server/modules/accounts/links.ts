import { createHmac } from "node:crypto";
import { APIError, createEmailVerificationToken, getSessionFromCtx } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts, verifications } from "../../db/schema.ts";

/**
 * What the e-mailed links may do (ADR 031). A verification link never signs anyone in: it marks the
 * address verified only in a browser signed in to that account, so a verified address always means the
 * one who holds the mailbox also holds the password. Every link dies when the password changes.
 */

/** The page a verification link continues on: it signs in first, then follows the link again. */
const CONTINUE_ON = "/profile";

/**
 * A short digest of the account's current password hash (keyed by the server's secret): a link carries
 * the one of its day, so any change of password, by change or by reset, retires every earlier link.
 */
async function passwordStamp(db: Db, secret: string, userId: string): Promise<string> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return createHmac("sha256", secret)
    .update(`${userId}\n${row?.password ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}

/** better-auth's verification token, bound to the account's password as it is now. */
export async function verificationToken(
  db: Db,
  secret: string,
  user: { id: string; email: string },
  expiresInSeconds: number,
): Promise<string> {
  return createEmailVerificationToken(secret, user.email, undefined, expiresInSeconds, {
    userId: user.id,
    pw: await passwordStamp(db, secret, user.id),
  });
}

/** Reset links still waiting to be used are deleted: the new password is the only way in. */
export async function retireResetLinks(db: Db, userId: string) {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)));
}

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  query?: Record<string, unknown>;
  redirect: (url: string) => unknown;
};

const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

/**
 * Before better-auth's GET /verify-email: a link issued under an earlier password is refused, and a
 * link followed without the account's session verifies nothing (it goes on to the sign-in). What
 * better-auth checks itself (the signature, the expiry) is left to it.
 */
export async function checkVerificationLink(ctx: HookContext, db: Db, secret: string) {
  const token = ctx.query?.token;
  if (typeof token !== "string") return;
  const payload = await verifyJWT(token, secret);
  if (!payload) return;
  const callbackURL = typeof ctx.query?.callbackURL === "string" ? ctx.query.callbackURL : "";
  const refuse = (status: "UNAUTHORIZED" | "FORBIDDEN", code: string, message: string): never => {
    // The callback was checked before better-auth ran (auth.routes.ts): a path on this site.
    if (callbackURL) throw ctx.redirect(withParam(callbackURL, "error", code));
    throw new APIError(status, { code, message });
  };
  const userId = payload.userId;
  if (typeof userId !== "string" || payload.updateTo !== undefined)
    return refuse("UNAUTHORIZED", "INVALID_TOKEN", "This verification link is invalid. Ask for a new one.");
  if (payload.pw !== (await passwordStamp(db, secret, userId)))
    return refuse(
      "UNAUTHORIZED",
      "PASSWORD_CHANGED",
      "This verification link stopped working when the account's password changed. Ask for a new one.",
    );
  const session = await getSessionFromCtx(ctx);
  if (session?.user.id === userId) return;
  if (callbackURL) throw ctx.redirect(withParam(CONTINUE_ON, "verify", token));
  if (session)
    throw new APIError("FORBIDDEN", {
      code: "OTHER_ACCOUNT",
      message:
        "This link confirms the e-mail of another account. Sign out, then sign in with that account to confirm it.",
    });
  throw new APIError("UNAUTHORIZED", {
    code: "SIGN_IN_TO_VERIFY",
    message: "Sign in with this account's password to confirm its e-mail.",
  });
}
