import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { users } from "../../db/schema.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { SessionSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount, type TestClient } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

/** What the e-mailed links can do, and when they stop working (ADR 031). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let sent: MailMessage[];
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  sent = ctx.mailer.sent;
});
afterAll(async () => {
  await ctx.close();
});

const ResetTokenState = z.object({ valid: z.boolean() });
const VERIFY_SUBJECT = "Confirm your e-mail for Gardening Community";

async function signUp(client: TestClient, account = newAccount()) {
  const res = await client.post("/api/auth/sign-up/email", account);
  expect(res.status, res.text).toBe(200);
  return account;
}

/** The newest verification link sent to `email`, as a path with its query. */
async function verificationLink(email: string) {
  let mail: MailMessage | undefined;
  await expect
    .poll(() => {
      mail = sent.filter((m) => m.to === email && m.subject === VERIFY_SUBJECT).at(-1);
      return mail;
    })
    .toBeTruthy();
  const link = mail?.text.match(/http:\/\/localhost(\/api\/auth\/verify-email\?\S+)/)?.[1];
  expect(link, mail?.text).toBeTruthy();
  return link ?? "";
}

/** Waits for a new reset e-mail to `email` (after `before` of them) and answers its token. */
async function resetToken(email: string, before: number) {
  const resets = () => sent.filter((m) => m.to === email && m.subject.startsWith("Reset"));
  await expect.poll(() => resets().length).toBeGreaterThan(before);
  const token = resets()
    .at(-1)
    ?.text.match(/\/auth\/reset\?token=([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  return token ?? "";
}

const resetsSentTo = (email: string) =>
  sent.filter((m) => m.to === email && m.subject.startsWith("Reset")).length;

async function askForReset(email: string) {
  const before = resetsSentTo(email);
  const res = await createClient(ctx.app).post("/api/auth/request-password-reset", { email });
  expect(res.status).toBe(200);
  return resetToken(email, before);
}

const sessionCookie = (res: { headers: Headers }) =>
  res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));

async function isVerified(email: string) {
  const [row] = await ctx.db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return row?.verified;
}

describe("the verification link never signs anyone in", () => {
  it("followed without a session: no session cookie, nothing verified, and the way on is to sign in", async () => {
    const owner = createClient(ctx.app);
    const account = await signUp(owner);
    const link = await verificationLink(account.email);

    const stranger = createClient(ctx.app);
    const visit = await stranger.get(link);
    expect(visit.status).toBe(302);
    expect(sessionCookie(visit)).toBeUndefined();
    const token = new URL(link, "http://localhost").searchParams.get("token") ?? "";
    expect(visit.headers.get("location")).toBe(`/profile?verify=${encodeURIComponent(token)}`);
    expect((await stranger.get("/api/auth/get-session")).body).toBeNull();
    expect(await isVerified(account.email)).toBe(false);

    // Asked without a page to land on, the API says what is missing.
    const json = await stranger.get(`/api/auth/verify-email?token=${token}`, { schema: ApiErrorSchema });
    expect(json.status).toBe(401);
    expect(json.body.message).toMatch(/sign in with this account's password/i);
    expect(sessionCookie(json)).toBeUndefined();

    // Signed in with the account's password, the same link verifies the e-mail.
    expect(
      (await stranger.post("/api/auth/sign-in/email", { email: account.email, password: account.password }))
        .status,
    ).toBe(200);
    const signedIn = await stranger.get(link);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/profile");
    expect(
      (await stranger.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.emailVerified,
    ).toBe(true);
  });

  it("followed in the browser signed in to the account: verified there, on the same session", async () => {
    const owner = createClient(ctx.app);
    const account = await signUp(owner);
    const visit = await owner.get(await verificationLink(account.email));
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/profile");
    expect(sessionCookie(visit)).toBeUndefined();
    expect((await owner.get("/api/auth/get-session", { schema: SessionSchema })).body?.user).toMatchObject({
      email: account.email,
      emailVerified: true,
    });
  });

  it("a browser signed in to another account verifies nothing and keeps its own session", async () => {
    const account = await signUp(createClient(ctx.app));
    const link = await verificationLink(account.email);
    const other = createClient(ctx.app);
    const otherAccount = await signUp(other);

    const visit = await other.get(link);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toMatch(/^\/profile\?verify=/);
    expect(sessionCookie(visit)).toBeUndefined();
    const token = new URL(link, "http://localhost").searchParams.get("token") ?? "";
    const json = await other.get(`/api/auth/verify-email?token=${token}`, { schema: ApiErrorSchema });
    expect(json.status).toBe(403);
    expect(json.body.message).toMatch(/another account/i);
    expect(await isVerified(account.email)).toBe(false);
    expect((await other.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.email).toBe(
      otherAccount.email,
    );
  });
});

describe("a password change retires every link sent before it", () => {
  it("change-password: the earlier verification link answers as retired, a new one works", async () => {
    const owner = createClient(ctx.app);
    const account = await signUp(owner);
    const link = await verificationLink(account.email);
    const change = await owner.post("/api/auth/change-password", {
      currentPassword: account.password,
      newPassword: "Changed9Pass",
    });
    expect(change.status, change.text).toBe(200);

    const visit = await owner.get(link);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/profile?error=PASSWORD_CHANGED");
    expect(await isVerified(account.email)).toBe(false);
    const token = new URL(link, "http://localhost").searchParams.get("token") ?? "";
    const json = await owner.get(`/api/auth/verify-email?token=${token}`, { schema: ApiErrorSchema });
    expect(json.status).toBe(401);
    expect(json.body.message).toMatch(/password changed/i);

    const resend = await owner.post("/api/auth/send-verification-email", {
      email: account.email,
      callbackURL: "/profile",
    });
    expect(resend.status).toBe(200);
    const fresh = await verificationLink(account.email);
    expect(fresh).not.toBe(link);
    expect((await owner.get(fresh)).headers.get("location")).toBe("/profile");
    expect(await isVerified(account.email)).toBe(true);
  });

  it("change-password: a reset link asked for before no longer sets a password", async () => {
    const owner = createClient(ctx.app);
    const account = await signUp(owner);
    const token = await askForReset(account.email);
    const check = () =>
      createClient(ctx.app).post("/api/auth/check-reset-token", { token }, { schema: ResetTokenState });
    expect((await check()).body.valid).toBe(true);

    await owner.post("/api/auth/change-password", {
      currentPassword: account.password,
      newPassword: "Changed9Pass",
    });
    expect((await check()).body.valid).toBe(false);
    const reset = await createClient(ctx.app).post(
      "/api/auth/reset-password",
      { token, newPassword: "Attacker9Pass" },
      { schema: ApiErrorSchema },
    );
    expect(reset.status).toBe(400);
    expect(reset.body.message).toMatch(/invalid token/i);
    const signIn = await createClient(ctx.app).post("/api/auth/sign-in/email", {
      email: account.email,
      password: "Changed9Pass",
    });
    expect(signIn.status).toBe(200);
  });

  it("reset-password: the earlier verification link is retired, and the reset itself proves the address", async () => {
    const account = await signUp(createClient(ctx.app));
    const link = await verificationLink(account.email);
    const token = await askForReset(account.email);
    const reset = await createClient(ctx.app).post("/api/auth/reset-password", {
      token,
      newPassword: "Reset9Pass",
    });
    expect(reset.status).toBe(200);
    // Only the holder of the mailbox could follow the reset link, and every other session ended with it.
    expect(await isVerified(account.email)).toBe(true);

    const client = createClient(ctx.app);
    await client.post("/api/auth/sign-in/email", { email: account.email, password: "Reset9Pass" });
    const visit = await client.get(link);
    expect(visit.headers.get("location")).toBe("/profile?error=PASSWORD_CHANGED");
  });
});

describe("This wasn't me", () => {
  it("the verification e-mail leads the address's holder to a reset that ends every session of the account", async () => {
    // Someone signs up with an address that is not theirs, with a password they know.
    const squatter = createClient(ctx.app);
    const account = await signUp(squatter);
    await verificationLink(account.email);
    const mail = sent.filter((m) => m.to === account.email && m.subject === VERIFY_SUBJECT).at(-1);
    const notMe = `http://localhost/auth/reset?email=${encodeURIComponent(account.email)}&reason=not-me`;
    expect(mail?.text).toContain("This wasn't me");
    expect(mail?.text).toContain(notMe);
    expect(mail?.html).toContain(notMe.replaceAll("&", "&amp;"));
    expect(mail?.html).toContain("This wasn&#39;t me");

    // The page at that link asks for a reset of that address; the reset link goes to the mailbox only.
    const token = await askForReset(account.email);
    const reset = await createClient(ctx.app).post("/api/auth/reset-password", {
      token,
      newPassword: "Mine9Again",
    });
    expect(reset.status).toBe(200);
    expect((await squatter.get("/api/auth/get-session")).body).toBeNull();
    const squatterAgain = await createClient(ctx.app).post("/api/auth/sign-in/email", {
      email: account.email,
      password: account.password,
    });
    expect(squatterAgain.status).toBe(401);
  });
});
