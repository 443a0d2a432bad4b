import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { PublicConfigSchema } from "#shared/schemas/config.ts";
import { users, verifications } from "../../db/schema.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { SessionSchema, SignedInSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount, signInElsewhere, type TestClient } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let sent: MailMessage[];
beforeAll(async () => {
  // better-auth's own scrypt: this is the suite of accounts themselves.
  ctx = await createTestApp({ config: { RATE_LIMIT: false }, passwords: "real" });
  sent = ctx.mailer.sent;
});
afterAll(async () => {
  await ctx.close();
});

async function signUp(client: TestClient, account = newAccount()) {
  const res = await client.post("/api/auth/sign-up/email", account);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return account;
}

const ResetTokenState = z.object({ valid: z.boolean() });

describe("GET /api/auth/password-policy", () => {
  it("answers the rules the forms show", async () => {
    const res = await createClient(ctx.app).get("/api/auth/password-policy");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      minLength: 6,
      maxLength: 128,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });
});

describe("sign-up", () => {
  it("creates the account with name and photo, signs in, and sets an httpOnly SameSite=Lax cookie", async () => {
    const client = createClient(ctx.app);
    const account = newAccount({ name: "Rosa Verde" });
    const res = await client.post("/api/auth/sign-up/email", account, { schema: SignedInSchema });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: "Rosa Verde", email: account.email, image: account.image });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.status).toBe(200);
    expect(session.body?.user).toMatchObject({
      name: "Rosa Verde",
      email: account.email,
      image: account.image,
    });
  });

  it("stores the e-mail in lower case and accepts a sign-up without a photo", async () => {
    const client = createClient(ctx.app);
    const { image, ...account } = newAccount();
    const res = await client.post(
      "/api/auth/sign-up/email",
      { ...account, email: account.email.toUpperCase() },
      { schema: SignedInSchema },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(account.email.toLowerCase());
    expect(res.body.user.image ?? null).toBeNull();
  });

  it.each([
    [{ password: "Ab1" }, /at least 6 characters/],
    [{ password: "sunflower" }, /uppercase letter/],
    [{ password: "SUNFLOWER" }, /lowercase letter/],
    [{ password: `A${"a".repeat(128)}` }, /at most 128 characters|too long/i],
    [{ name: "" }, /name/i],
    [{ name: "   " }, /name/i],
    [{ name: "x".repeat(81) }, /at most 80/],
    [{ email: "not-an-email" }, /email/i],
    [{ image: "javascript:alert(1)" }, /http\(s\) URL/],
    [{ image: "ftp://example.com/a.png" }, /http\(s\) URL/],
    [{ image: `https://example.com/${"a".repeat(2048)}` }, /2048/],
  ])("refuses %o with a 400 naming the rule, and creates nothing", async (override, message) => {
    const client = createClient(ctx.app);
    const account = newAccount(override);
    const res = await client.post("/api/auth/sign-up/email", account, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const rows = await ctx.db.select().from(users).where(eq(users.email, account.email.toLowerCase()));
    expect(rows).toHaveLength(0);
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("refuses an e-mail that already has an account", async () => {
    const account = await signUp(createClient(ctx.app));
    const res = await createClient(ctx.app).post(
      "/api/auth/sign-up/email",
      { ...account, name: "Impostor" },
      { schema: ApiErrorSchema },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/already exists/i);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.name).toBe(account.name);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and out again", async () => {
    const account = await signUp(createClient(ctx.app));
    const client = createClient(ctx.app);
    const res = await client.post(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { schema: SignedInSchema },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(account.email);
    expect((await client.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.name).toBe(
      account.name,
    );

    const out = await client.post("/api/auth/sign-out");
    expect(out.status).toBe(200);
    expect((await client.get("/api/auth/get-session")).body).toBeNull();
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const account = await signUp(createClient(ctx.app));
    const wrong = await createClient(ctx.app).post(
      "/api/auth/sign-in/email",
      { email: account.email, password: "Wrong123" },
      { schema: ApiErrorSchema },
    );
    const unknown = await createClient(ctx.app).post(
      "/api/auth/sign-in/email",
      { email: "nobody.here@example.com", password: "Wrong123" },
      { schema: ApiErrorSchema },
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.message).toMatch(/invalid email or password/i);
  });
});

describe("profile update", () => {
  it("changes the display name and photo", async () => {
    const client = createClient(ctx.app);
    await signUp(client);
    const res = await client.post("/api/auth/update-user", {
      name: "Basil Brush",
      image: "https://example.com/basil.png",
    });
    expect(res.status).toBe(200);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.body?.user).toMatchObject({ name: "Basil Brush", image: "https://example.com/basil.png" });
  });

  it.each([
    [{ name: "" }, /name/i],
    [{ name: "y".repeat(81) }, /at most 80/],
    [{ image: "data:image/png;base64,AAAA" }, /http\(s\) URL/],
    [{ image: "https://example.com/my photo.png" }, /without spaces/],
    [{ image: 'https://example.com/a"b.png' }, /quotes/],
  ])("refuses %o and keeps the profile", async (update, message) => {
    const client = createClient(ctx.app);
    const account = await signUp(client);
    const res = await client.post("/api/auth/update-user", update, { schema: ApiErrorSchema });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const session = await client.get("/api/auth/get-session", { schema: SessionSchema });
    expect(session.body?.user).toMatchObject({ name: account.name, image: account.image });
  });

  it("needs a session", async () => {
    const res = await createClient(ctx.app).post("/api/auth/update-user", { name: "Nobody" });
    expect(res.status).toBe(401);
  });
});

describe("password reset", () => {
  const resetsTo = (email: string) =>
    sent.filter((mail) => mail.to === email && mail.subject.startsWith("Reset"));
  /** Asks for a reset link and waits for its e-mail, which follows the answer (ADR 031). */
  async function resetMail(email: string) {
    const before = resetsTo(email).length;
    const res = await createClient(ctx.app).post("/api/auth/request-password-reset", { email });
    expect(res.status).toBe(200);
    await expect.poll(() => resetsTo(email).length).toBe(before + 1);
    return resetsTo(email).at(-1);
  }
  function tokenFrom(mail: MailMessage | undefined) {
    const match = mail?.text.match(/http:\/\/localhost\/auth\/reset\?token=([\w-]+)/);
    expect(match, mail?.text).toBeTruthy();
    return match?.[1] ?? "";
  }

  it("e-mails a link to /auth/reset with a plain-text and an HTML part", async () => {
    const account = await signUp(createClient(ctx.app));
    const mail = await resetMail(account.email);
    expect(mail?.subject).toBe("Reset your Gardening Community password");
    const token = tokenFrom(mail);
    expect(mail?.html).toContain(`http://localhost/auth/reset?token=${token}`);
    expect(mail?.text).toContain("expires in 60 minutes");
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = sent.filter((mail) => mail.to === "ghost@example.com").length;
    const res = await createClient(ctx.app).post("/api/auth/request-password-reset", {
      email: "ghost@example.com",
    });
    expect(res.status).toBe(200);
    // Requests are worked on in order after the answer: once a later one's e-mail is out, this one is done.
    await resetMail((await signUp(createClient(ctx.app))).email);
    expect(sent.filter((mail) => mail.to === "ghost@example.com").length).toBe(before);
  });

  it("sets a new password once, checks the policy, and signs out other sessions", async () => {
    const owner = createClient(ctx.app);
    const account = await signUp(owner);
    const token = tokenFrom(await resetMail(account.email));
    const visitor = createClient(ctx.app);

    const weak = await visitor.post(
      "/api/auth/reset-password",
      { token, newPassword: "weakpass" },
      { schema: ApiErrorSchema },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/uppercase/);

    const ok = await visitor.post("/api/auth/reset-password", { token, newPassword: "NewTomato9" });
    expect(ok.status).toBe(200);
    const old = await signInElsewhere(ctx.app, account.email, account.password);
    expect(old.status).toBe(401);
    const fresh = await signInElsewhere(ctx.app, account.email, "NewTomato9");
    expect(fresh.status).toBe(200);
    expect((await owner.get("/api/auth/get-session")).body).toBeNull();

    const again = await visitor.post(
      "/api/auth/reset-password",
      { token, newPassword: "Another99" },
      { schema: ApiErrorSchema },
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid token/i);
  });

  it("tells the reset page whether its link still works: fresh yes; used, replaced, expired or made up no", async () => {
    const visitor = createClient(ctx.app);
    const check = async (token: string) => {
      const res = await visitor.post("/api/auth/check-reset-token", { token }, { schema: ResetTokenState });
      expect(res.status).toBe(200);
      return res.body.valid;
    };
    const account = await signUp(createClient(ctx.app));
    const first = tokenFrom(await resetMail(account.email));
    expect(await check(first)).toBe(true);
    // Checking does not use the link up.
    expect(await check(first)).toBe(true);

    const second = tokenFrom(await resetMail(account.email));
    expect(await check(first)).toBe(false);
    expect(await check(second)).toBe(true);

    await visitor.post("/api/auth/reset-password", { token: second, newPassword: "NewTomato9" });
    expect(await check(second)).toBe(false);
    expect(await check("made-up-token")).toBe(false);

    const third = tokenFrom(await resetMail(account.email));
    await ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${third}`));
    expect(await check(third)).toBe(false);

    const empty = await visitor.post("/api/auth/check-reset-token", {}, { schema: ApiErrorSchema });
    expect(empty.status).toBe(400);
  });

  it("refuses an expired link", async () => {
    const account = await signUp(createClient(ctx.app));
    const token = tokenFrom(await resetMail(account.email));
    await ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await createClient(ctx.app).post("/api/auth/reset-password", {
      token,
      newPassword: "NewTomato9",
    });
    expect(res.status).toBe(400);
    const stillOld = await signInElsewhere(ctx.app, account.email, account.password);
    expect(stillOld.status).toBe(200);
  });
});

describe("cross-origin requests", () => {
  it.each([
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/sign-out",
    "/api/auth/request-password-reset",
  ])("refuses a POST to %s from another site", async (path) => {
    const evil = createClient(ctx.app, { origin: "http://localhost" });
    const res = await evil.post(path, newAccount(), {
      headers: { Origin: "https://evil.example" },
      schema: ApiErrorSchema,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/cross-origin/i);
  });

  it("accepts the site's own origin and its loopback twin", async () => {
    const app = (await createTestApp({ config: { BASE_URL: "http://localhost:4000", RATE_LIMIT: false } }))
      .app;
    for (const origin of ["http://localhost:4000", "http://127.0.0.1:4000"]) {
      const res = await app.request("http://localhost:4000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin },
        body: JSON.stringify(newAccount()),
      });
      expect(res.status, origin).toBe(200);
    }
  });
});

describe("clients that send no Origin", () => {
  /** Like curl or a server-side script: cookies, JSON, and no Origin or Sec-Fetch-* headers. */
  async function post(path: string, body: unknown, cookie?: string, extra: Record<string, string> = {}) {
    return ctx.app.request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}), ...extra },
      body: JSON.stringify(body),
    });
  }
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");

  it("sign up, change the profile, share a tip and sign out with the session cookie alone", async () => {
    const account = newAccount();
    const signedUp = await post("/api/auth/sign-up/email", account);
    expect(signedUp.status).toBe(200);
    const cookie = cookieOf(signedUp);

    const updated = await post("/api/auth/update-user", { name: "Curl Gardener" }, cookie);
    expect(updated.status, await updated.clone().text()).toBe(200);
    const tip = await post(
      "/api/tips",
      {
        title: "Water deeply, less often",
        plantType: "Tomato",
        difficulty: "Easy",
        description: "Deep watering twice a week grows deeper roots than a daily sprinkle.",
        images: "https://images.example.com/water.png",
        category: "Vegetables",
        availability: "Public",
      },
      cookie,
    );
    expect(tip.status).toBe(201);
    expect(await tip.json()).toMatchObject({ name: "Curl Gardener", email: account.email });

    const signedOut = await post("/api/auth/sign-out", {}, cookie);
    expect(signedOut.status).toBe(200);
    const session = await ctx.app.request("http://localhost/api/auth/get-session", {
      headers: { Cookie: cookie },
    });
    expect(await session.json()).toBeNull();
  });

  it("refuses a write a browser marks as coming from another site", async () => {
    const account = newAccount();
    const signedUp = await post("/api/auth/sign-up/email", account);
    const res = await post("/api/auth/update-user", { name: "Forged" }, cookieOf(signedUp), {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(res.status).toBe(403);
    expect(ApiErrorSchema.parse(await res.json()).message).toMatch(/cross-origin/i);
  });
});

describe("password change", () => {
  it.each([
    ["short", "Ab1", /at least 6 characters/],
    ["no uppercase", "sunflower7", /uppercase/],
    ["no lowercase", "SUNFLOWER7", /lowercase/],
  ])("refuses a new password that is %s", async (_label, newPassword, message) => {
    const client = createClient(ctx.app);
    const account = await signUp(client);
    const res = await client.post(
      "/api/auth/change-password",
      { currentPassword: account.password, newPassword },
      { schema: ApiErrorSchema },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    const signIn = await signInElsewhere(ctx.app, account.email, account.password);
    expect(signIn.status).toBe(200);
  });

  it("changes the password with the current one", async () => {
    const client = createClient(ctx.app);
    const account = await signUp(client);
    const wrong = await client.post("/api/auth/change-password", {
      currentPassword: "NotMine99",
      newPassword: "Marigold5",
    });
    expect(wrong.status).toBe(400);
    const res = await client.post("/api/auth/change-password", {
      currentPassword: account.password,
      newPassword: "Marigold5",
    });
    expect(res.status).toBe(200);
    const signIn = await signInElsewhere(ctx.app, account.email, "Marigold5");
    expect(signIn.status).toBe(200);
  });
});

describe("Google sign-in without configuration", () => {
  it("is reported as off, and the endpoint refuses it with a message", async () => {
    const client = createClient(ctx.app);
    expect((await client.get("/api/config", { schema: PublicConfigSchema })).body.googleSignIn).toBe(false);
    const res = await client.post(
      "/api/auth/sign-in/social",
      { provider: "google" },
      { schema: ApiErrorSchema },
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Google sign-in is not configured on this server");
  });
});
