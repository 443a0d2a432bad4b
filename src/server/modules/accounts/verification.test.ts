import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { accounts, users } from "../../db/schema.ts";
import { seedDemoData } from "../../db/seed.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { SessionSchema } from "../../test/auth-schemas.ts";
import { googleSignIn, startGoogleApp } from "../../test/google-app.ts";
import { createClient, newAccount, signInElsewhere } from "../../test/http-client.ts";
import type { OidcIssuer } from "../../test/oidc-issuer.ts";
import { createTestApp } from "../../test/test-db.ts";

/** Verification e-mails, Google linking, and demo accounts nobody can enter (ADRs 012 and 013). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let sent: MailMessage[];
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
  sent = ctx.mailer.sent;
  await seedDemoData(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

const mailsTo = (email: string) => sent.filter((mail) => mail.to === email);
const DEMO = "rowan.ellis@example.com";

function verificationLink(email: string, mails = sent) {
  const mail = mails
    .filter((m) => m.to === email)
    .filter((m) => m.subject === "Confirm your e-mail for Gardening Community")
    .at(-1);
  expect(mail, `a verification e-mail to ${email}`).toBeTruthy();
  const link = mail?.text.match(/http:\/\/localhost\/api\/auth\/verify-email\?\S+/)?.[0] ?? "";
  expect(link).toBeTruthy();
  expect(mail?.html).toContain(link.replaceAll("&", "&amp;"));
  return new URL(link);
}

describe("e-mail verification", () => {
  it("sign-up signs in at once, unverified, and sends a link that verifies and lands on the profile", async () => {
    const client = createClient(ctx.app);
    const account = newAccount();
    const res = await client.post("/api/auth/sign-up/email", account);
    expect(res.status).toBe(200);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.body?.user).toMatchObject({ email: account.email, emailVerified: false });

    const link = verificationLink(account.email);
    expect(link.searchParams.get("callbackURL")).toBe("/profile");
    const visit = await client.get(`${link.pathname}${link.search}`);
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("/profile");
    expect(
      (await client.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.emailVerified,
    ).toBe(true);
  });

  it("a forged or altered link verifies nothing", async () => {
    const client = createClient(ctx.app);
    const account = newAccount();
    await client.post("/api/auth/sign-up/email", account);
    const link = verificationLink(account.email);
    const token = link.searchParams.get("token") ?? "";
    const visit = await client.get(
      `/api/auth/verify-email?token=${token.slice(0, -2)}xx&callbackURL=/profile`,
    );
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toMatch(/^\/profile\?error=/);
    expect(
      (await client.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.emailVerified,
    ).toBe(false);
  });

  it("the signed-in user can ask for the link again; once verified, asking again is refused", async () => {
    const client = createClient(ctx.app);
    const account = newAccount();
    await client.post("/api/auth/sign-up/email", account);
    const before = mailsTo(account.email).length;
    const resend = await client.post("/api/auth/send-verification-email", {
      email: account.email,
      callbackURL: "/profile",
    });
    expect(resend.status).toBe(200);
    expect(mailsTo(account.email).length).toBe(before + 1);
    const link = verificationLink(account.email);
    await client.get(`${link.pathname}${link.search}`);
    const again = await client.post(
      "/api/auth/send-verification-email",
      { email: account.email },
      { schema: ApiErrorSchema },
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already verified/i);
  });
});

describe("demo accounts", () => {
  it("cannot be signed in to, reset or verified, and nothing is sent to them", async () => {
    const before = mailsTo(DEMO).length;
    for (const password of ["", "Sunflower7", "x".repeat(20)]) {
      const res = await createClient(ctx.app).post("/api/auth/sign-in/email", { email: DEMO, password });
      expect([400, 401]).toContain(res.status);
    }
    const wrong = await createClient(ctx.app).post(
      "/api/auth/sign-in/email",
      { email: DEMO, password: "Sunflower7" },
      { schema: ApiErrorSchema },
    );
    const unknown = await createClient(ctx.app).post(
      "/api/auth/sign-in/email",
      { email: "nobody-at-all@example.com", password: "Sunflower7" },
      { schema: ApiErrorSchema },
    );
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body.message).toBe(unknown.body.message);

    const reset = await createClient(ctx.app).post("/api/auth/request-password-reset", { email: DEMO });
    const resetUnknown = await createClient(ctx.app).post("/api/auth/request-password-reset", {
      email: "nobody-at-all@example.com",
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual(resetUnknown.body);
    // Reset requests are worked on after the answer, in order: once a later one's e-mail is out, the
    // demo account's request has been dealt with.
    const later = newAccount();
    await createClient(ctx.app).post("/api/auth/sign-up/email", later);
    await createClient(ctx.app).post("/api/auth/request-password-reset", { email: later.email });
    await expect.poll(() => mailsTo(later.email).some((m) => m.subject.startsWith("Reset"))).toBe(true);
    const verify = await createClient(ctx.app).post("/api/auth/send-verification-email", { email: DEMO });
    expect(verify.status).toBe(200);
    expect(mailsTo(DEMO).length).toBe(before);

    const [demo] = await ctx.db.select().from(users).where(eq(users.email, DEMO));
    expect(demo).toMatchObject({ signInDisabled: true, emailVerified: false });
    expect(
      await ctx.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, demo?.id ?? "")),
    ).toEqual([]);
  });
});

describe("only the newest reset link works", () => {
  it("a second request retires the first link", async () => {
    const account = newAccount();
    await createClient(ctx.app).post("/api/auth/sign-up/email", account);
    const tokens: string[] = [];
    const resets = () => mailsTo(account.email).filter((m) => m.subject.startsWith("Reset"));
    for (let i = 0; i < 2; i++) {
      await createClient(ctx.app).post("/api/auth/request-password-reset", { email: account.email });
      // The e-mail follows the answer (ADR 031).
      await expect.poll(() => resets().length).toBe(i + 1);
      tokens.push(
        resets()
          .at(-1)
          ?.text.match(/auth\/reset\?token=([\w-]+)/)?.[1] ?? "",
      );
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    const first = await createClient(ctx.app).post(
      "/api/auth/reset-password",
      { token: tokens[0], newPassword: "Retired9Link" },
      { schema: ApiErrorSchema },
    );
    expect(first.status).toBe(400);
    expect(first.body.message).toMatch(/invalid token/i);
    const second = await createClient(ctx.app).post("/api/auth/reset-password", {
      token: tokens[1],
      newPassword: "Newest9Link",
    });
    expect(second.status).toBe(200);
    const signIn = await signInElsewhere(ctx.app, account.email, "Newest9Link");
    expect(signIn.status).toBe(200);
  });
});

describe("Google sign-in joins an existing account only when both sides verified the e-mail", () => {
  async function withIssuer(
    user: { email: string; emailVerified: boolean },
    run: (issuer: OidcIssuer, app: typeof ctx.app, db: typeof ctx.db, mails: MailMessage[]) => Promise<void>,
  ) {
    const google = await startGoogleApp({
      sub: `sub-${user.email}`,
      email: user.email,
      name: "Google Person",
      picture: "http://localhost/images/google.svg",
      emailVerified: user.emailVerified,
    });
    try {
      await run(google.issuer, google.app, google.db, google.mailer.sent);
    } finally {
      await google.close();
    }
  }

  const verify = (db: typeof ctx.db, email: string) =>
    db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

  it("does not join an account whose own e-mail is unverified", async () => {
    const email = newAccount().email;
    await withIssuer({ email, emailVerified: true }, async (_issuer, app) => {
      const owner = createClient(app);
      expect((await owner.post("/api/auth/sign-up/email", newAccount({ email }))).status).toBe(200);
      const { client, callback } = await googleSignIn(app);
      expect(callback.status).toBe(302);
      expect(callback.headers.get("location")).toMatch(/error=/);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    });
  });

  it("does not join when Google has not verified the e-mail, even a verified account", async () => {
    const email = newAccount().email;
    await withIssuer({ email, emailVerified: false }, async (_issuer, app, db) => {
      const owner = createClient(app);
      expect((await owner.post("/api/auth/sign-up/email", newAccount({ email }))).status).toBe(200);
      await verify(db, email);
      const { client, callback } = await googleSignIn(app);
      expect(callback.headers.get("location")).toMatch(/error=/);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    });
  });

  it("joins a verified account when Google verified the e-mail too", async () => {
    const email = newAccount().email;
    await withIssuer({ email, emailVerified: true }, async (_issuer, app, db) => {
      const owner = createClient(app);
      expect(
        (await owner.post("/api/auth/sign-up/email", newAccount({ email, name: "Local Name" }))).status,
      ).toBe(200);
      await verify(db, email);
      const { client, callback } = await googleSignIn(app);
      expect(callback.status).toBe(302);
      expect(callback.headers.get("location")).not.toMatch(/error=/);
      const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
      expect(session.body?.user).toMatchObject({ email, name: "Local Name" });
    });
  });

  it("does not join an account whose link was followed without its session (a squatted address)", async () => {
    const email = newAccount().email;
    await withIssuer({ email, emailVerified: true }, async (_issuer, app, _db, mails) => {
      // Someone else signs up with the address and a password they know; the address's holder follows
      // the link from the e-mail in a browser of their own.
      const squatter = createClient(app);
      expect((await squatter.post("/api/auth/sign-up/email", newAccount({ email }))).status).toBe(200);
      const link = verificationLink(email, mails);
      const holder = createClient(app);
      const visit = await holder.get(`${link.pathname}${link.search}`);
      expect(visit.headers.getSetCookie().join()).not.toContain("session_token");
      const { client, callback } = await googleSignIn(app);
      expect(callback.headers.get("location")).toMatch(/error=/);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
      expect(
        (await squatter.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.emailVerified,
      ).toBe(false);
    });
  });

  it("never joins a demo account", async () => {
    await withIssuer({ email: DEMO, emailVerified: true }, async (_issuer, app, db) => {
      await seedDemoData(db);
      const { client, callback } = await googleSignIn(app);
      expect(callback.headers.get("location")).toMatch(/error=/);
      expect((await client.get("/api/auth/get-session")).body).toBeNull();
    });
  });
});
