import { createHmac, randomUUID } from "node:crypto";
import type { Context } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";

/** The cookie that marks a browser where an account signed in with its password (ADR 032). */
const DEVICE_COOKIE = "garden_device";
/** How long a browser stays known after its last sign-in there. */
const DEVICE_DAYS = 365;
const DEVICE_MS = DEVICE_DAYS * 24 * 60 * 60_000;

/**
 * A browser where an account signed in before keeps its own sign-in allowance (RATE_LIMITS.signIn
 * `perDevice`), so strangers failing from elsewhere cannot lock the owner out of it. The cookie holds
 * the time of the sign-in and a random device id, signed (HMAC-SHA256) with a key made from the auth
 * secret and the account's e-mail: it proves nothing for another account, cannot be made or altered
 * without the secret, and names neither the account nor the person. One account per browser: the last
 * one signed in.
 */
export function deviceCookies(authSecret: string, { secure }: { secure: boolean }) {
  const keyFor = (email: string) =>
    createHmac("sha256", authSecret).update(`device-cookie\u0000${email}`).digest("base64url");

  /** The device id this request's cookie proves for `email` (lower-cased), or undefined. */
  async function deviceOf(c: Context, email: string): Promise<string | undefined> {
    const value = await getSignedCookie(c, keyFor(email), DEVICE_COOKIE);
    if (!value) return undefined;
    const [issued, id] = value.split(".");
    if (!id || !(Number(issued) > Date.now() - DEVICE_MS)) return undefined;
    return id;
  }

  /** After a successful sign-in: this browser is known to `email` for another year, under the same id. */
  async function remember(c: Context, email: string): Promise<void> {
    const id = (await deviceOf(c, email)) ?? randomUUID();
    await setSignedCookie(c, DEVICE_COOKIE, `${Date.now()}.${id}`, keyFor(email), {
      httpOnly: true,
      sameSite: "Lax",
      secure,
      // Only sign-in reads it: no other request carries it.
      path: "/api/auth",
      maxAge: DEVICE_DAYS * 24 * 60 * 60,
    });
  }

  return { deviceOf, remember };
}
