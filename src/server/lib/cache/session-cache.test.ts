import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema.ts";
import { SessionSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount, newTip, type TestClient } from "../../test/http-client.ts";
import { eventually } from "../../test/poll.ts";
import { createTestApp } from "../../test/test-db.ts";
import { sessionCookieKey } from "../security/session.ts";

/**
 * A member's session is kept between requests (ADR 034). What a client sees must not change: every way a
 * session ends or its account changes is seen by the next request, and nothing but the exact cookie
 * better-auth accepted is ever found among the kept ones.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await ctx.close();
});

async function member(name = "Kept Member"): Promise<{ client: TestClient; cookie: string; email: string }> {
  const client = createClient(ctx.app);
  const account = newAccount({ name });
  expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return { client, cookie, email: account.email };
}

/** The session the app answers for exactly this Cookie header (null when it has none). */
async function sessionFor(cookie: string) {
  const res = await ctx.app.request("http://localhost/api/auth/get-session", { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return SessionSchema.nullable().parse(await res.json());
}

async function statsStatus(cookie: string) {
  return (await ctx.app.request("http://localhost/api/dashboard/stats", { headers: { Cookie: cookie } }))
    .status;
}

describe("a kept session", () => {
  it("is kept: the same answer each time, and the member's routes let it in", async () => {
    const { cookie } = await member();
    const first = await sessionFor(cookie);
    expect(first?.user.name).toBe("Kept Member");
    expect(ctx.sessionCache.get(sessionCookieKey(cookie))).toBeDefined();
    for (let i = 0; i < 3; i++) expect(await sessionFor(cookie)).toEqual(first);
    expect(await statsStatus(cookie)).toBe(200);
  });

  it("is kept from the sign-up and the sign-in themselves, as the member's first request would keep it", async () => {
    const account = newAccount({ name: "First Page" });
    const signUp = createClient(ctx.app);
    expect((await signUp.post("/api/auth/sign-up/email", account)).status).toBe(200);
    const signIn = createClient(ctx.app);
    expect(
      (await signIn.post("/api/auth/sign-in/email", { email: account.email, password: account.password }))
        .status,
    ).toBe(200);
    for (const client of [signUp, signIn]) {
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      // Kept before the member asks anything, and the same as the database's answer.
      const kept = ctx.sessionCache.get(sessionCookieKey(cookie));
      expect(kept?.user).toMatchObject({ name: "First Page", email: account.email.toLowerCase() });
      const session = await sessionFor(cookie);
      const [stored] = await ctx.db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, session?.user.id ?? ""));
      expect(kept?.user).toEqual({
        id: session?.user.id,
        name: session?.user.name,
        email: session?.user.email,
        image: account.image,
        emailVerified: session?.user.emailVerified,
        role: session?.user.role,
        held: false,
        // When the account was made, as the database has it: a newcomer's limits read it from here.
        createdAt: stored?.createdAt,
      });
      expect(kept?.user.createdAt).toBeInstanceOf(Date);
      expect(await statsStatus(cookie)).toBe(200);
    }
    // Each sign-in is its own session: signing one out leaves the other.
    const first = [...signUp.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const second = [...signIn.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(first).not.toBe(second);
    expect((await signIn.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await sessionFor(second)).toBeNull();
    expect(await statsStatus(second)).toBe(401);
    expect(await statsStatus(first)).toBe(200);
  });

  it("is not kept from a refused sign-in", async () => {
    const account = newAccount();
    expect((await createClient(ctx.app).post("/api/auth/sign-up/email", account)).status).toBe(200);
    const wrong = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost" },
      body: JSON.stringify({ email: account.email, password: "Not-the-password-9" }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
  });

  it("ends at sign-out: the old cookie, sent again, has no session and no access", async () => {
    const { client, cookie } = await member();
    expect(await sessionFor(cookie)).not.toBeNull();
    expect(await statsStatus(cookie)).toBe(200);
    expect((await client.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await sessionFor(cookie)).toBeNull();
    expect(await statsStatus(cookie)).toBe(401);
  });

  it("ends on every other device when the password changes with them signed out", async () => {
    const { client, cookie: laptop, email } = await member();
    const phoneClient = createClient(ctx.app);
    expect(
      (await phoneClient.post("/api/auth/sign-in/email", { email, password: "Sunflower7" })).status,
    ).toBe(200);
    const phone = [...phoneClient.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(await sessionFor(phone)).not.toBeNull();
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: "Sunflower7",
      newPassword: "Sunflower8",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect(await sessionFor(phone)).toBeNull();
    expect(await statsStatus(phone)).toBe(401);
    expect(laptop).not.toBe(phone);
  });

  it("shows a new name at once, in the session and to the member's routes", async () => {
    const { client, cookie } = await member("Before Rename");
    expect((await sessionFor(cookie))?.user.name).toBe("Before Rename");
    expect((await client.post("/api/auth/update-user", { name: "After Rename" })).status).toBe(200);
    expect((await sessionFor(cookie))?.user.name).toBe("After Rename");
  });

  it("is not dropped by the member's own share, which changes nothing a session holds; a rename drops it", async () => {
    const { client, cookie } = await member("Sharing Member");
    const userId = (await sessionFor(cookie))?.user.id ?? "";
    const told: string[] = [];
    const stop = await ctx.database.listen("session_change", {
      notify: (payload) => told.push(payload),
      trustedUntil: () => {},
      lost: () => {},
      back: () => {},
    });
    try {
      expect((await client.post("/api/tips", newTip("Sow parsnips late"))).status).toBe(201);
      expect((await client.post("/api/auth/update-user", { name: "Renamed Sharer" })).status).toBe(200);
      // Notifications arrive in commit order: once the rename's is in, the share's would have been.
      await eventually("the rename's notification", () => (told.includes(userId) ? true : undefined), {
        withinMs: 10_000,
      });
      expect(told.filter((id) => id === userId)).toEqual([userId]);
      expect((await sessionFor(cookie))?.user.name).toBe("Renamed Sharer");
    } finally {
      await stop();
    }
  });

  it("ends when the session or the account goes straight from the database (another instance, a tool)", async () => {
    const one = await member();
    const two = await member();
    expect(await sessionFor(one.cookie)).not.toBeNull();
    expect(await sessionFor(two.cookie)).not.toBeNull();
    const userOne = (await sessionFor(one.cookie))?.user.id ?? "";
    await ctx.db.delete(sessions).where(eq(sessions.userId, userOne));
    expect(await sessionFor(one.cookie)).toBeNull();
    expect(await statsStatus(one.cookie)).toBe(401);
    const userId = (await sessionFor(two.cookie))?.user.id ?? "";
    await ctx.db.delete(users).where(eq(users.id, userId));
    expect(await sessionFor(two.cookie)).toBeNull();
  });

  it("is found only by the cookie better-auth accepted: an altered signature has no session", async () => {
    const { cookie } = await member();
    expect(await sessionFor(cookie)).not.toBeNull();
    const [name, value = ""] = cookie.split("=", 2) as [string, string];
    const [token] = decodeURIComponent(value).split(".");
    const forged = `${name}=${encodeURIComponent(`${token}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`)}`;
    expect(await sessionFor(forged)).toBeNull();
    expect(await statsStatus(forged)).toBe(401);
  });
});
