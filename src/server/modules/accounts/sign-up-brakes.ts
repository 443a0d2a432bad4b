import { and, asc, eq, gt } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { users } from "../../db/schema.ts";
import type { AppEnv } from "../../lib/app-env.ts";
import { addressTag, clientIp } from "../../lib/security/client-ip.ts";
import { limitRefusal, RATE_LIMITS } from "../../lib/security/rate-limit.ts";

/** How many accounts made at one address may wait unverified at once, among those of the last day. */
export const UNVERIFIED_PER_ADDRESS = { count: 3, hours: 24 } as const;
const WINDOW_MS = UNVERIFIED_PER_ADDRESS.hours * 3_600_000;

/**
 * The brakes on making accounts at one address, beyond the sign-up limit itself (ADR 048): at most three
 * of the accounts it made in the last day may still be unverified, and the verification e-mail each
 * sign-up sends counts against the address's window of verification e-mails, as a resend does. The
 * address is kept on the account (as a hash) once it is made. Sign-ups from one address are taken one
 * at a time by this server, so two at once cannot both be the third. Off with the other limits
 * (RATE_LIMITS=off).
 */
export function signUpBrakes(): MiddlewareHandler<AppEnv> {
  const queues = new Map<string, Promise<unknown>>();
  return async (c, next) => {
    const { limiter, db } = c.var;
    if (!limiter.options.enabled) return next();
    const address = clientIp(c, limiter.options.trustProxy);
    const tag = addressTag(address);
    const before = queues.get(tag) ?? Promise.resolve();
    const turn = before.then(async () => {
      const waiting = await db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(
          and(
            eq(users.signupAddress, tag),
            eq(users.emailVerified, false),
            gt(users.createdAt, new Date(Date.now() - WINDOW_MS)),
          ),
        )
        .orderBy(asc(users.createdAt))
        .limit(UNVERIFIED_PER_ADDRESS.count);
      const oldest = waiting[0];
      if (waiting.length >= UNVERIFIED_PER_ADDRESS.count && oldest) {
        const seconds = Math.max(1, Math.ceil((oldest.createdAt.getTime() + WINDOW_MS - Date.now()) / 1000));
        return limitRefusal(
          c,
          seconds,
          `${UNVERIFIED_PER_ADDRESS.count} accounts made from your address in the last day have not confirmed their e-mail yet: confirm one with the link we sent it, or make a new account later`,
        );
      }
      const email = await limiter.take("verificationEmail", address, null);
      if (!email.allowed) {
        const { perIp } = RATE_LIMITS.verificationEmail;
        return limitRefusal(
          c,
          email.retryAfter,
          `Too many verification e-mails from your address (at most ${perIp.count} in ${perIp.minutes} minutes), and a new account is sent one`,
        );
      }
      await next();
      if (c.res.status !== 200) {
        await email.release();
        return;
      }
      email.keep();
      const id = await accountIdOf(c.res);
      if (id) await db.update(users).set({ signupAddress: tag }).where(eq(users.id, id));
    });
    const settled = turn.catch(() => {});
    queues.set(tag, settled);
    try {
      return await turn;
    } finally {
      if (queues.get(tag) === settled) queues.delete(tag);
    }
  };
}

/** The id of the account a sign-up's answer made. */
async function accountIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === "string" ? body.user.id : null;
  } catch {
    return null;
  }
}
