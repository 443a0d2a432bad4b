import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { createApp } from "../../app.ts";
import { RATE_LIMITS } from "../../lib/security/rate-limit.ts";
import { SessionSchema } from "../../test/auth-schemas.ts";
import { createClient, newAccount, newIPv4Address, type TestClient } from "../../test/http-client.ts";
import { quickPasswords } from "../../test/quick-passwords.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Limits that hold whatever the encoding, count in the database, and never let an attacker at
 * one address lock the owner out at another. Behind one trusted proxy, X-Forwarded-For names the client.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { TRUST_PROXY: 1 } });
});
afterAll(async () => {
  await ctx.close();
});

const from = (ip: string) => ({ "X-Forwarded-For": ip });
/** A client's request from `ip`, its answer read as the API's error shape. */
const refusedFrom = (ip: string) => ({ headers: from(ip), schema: ApiErrorSchema });

async function registered(client: TestClient = createClient(ctx.app)) {
  const account = newAccount();
  const res = await client.post("/api/auth/sign-up/email", account, { headers: from(newIPv4Address()) });
  expect(res.status, res.text).toBe(200);
  return account;
}

function signIn(email: string, password: string, ip: string, client = createClient(ctx.app)) {
  return client.post("/api/auth/sign-in/email", { email, password }, { headers: from(ip) });
}

describe("the request gate on /api/auth", () => {
  it("refuses a form-encoded sign-in with 415 without counting or checking it", async () => {
    const account = await registered();
    const ip = newIPv4Address();
    for (let i = 0; i < 12; i++) {
      const res = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...from(ip) },
        body: new URLSearchParams({ email: account.email, password: `Wrong${i}xyz` }).toString(),
      });
      expect(res.status).toBe(415);
      expect(ApiErrorSchema.parse(await res.json()).message).toMatch(/JSON/);
    }
    for (let i = 0; i < RATE_LIMITS.signIn.perAccountAndIp.count; i++)
      expect((await signIn(account.email, "Wrong1234", ip)).status).toBe(401);
    expect((await signIn(account.email, account.password, ip)).status).toBe(429);
  });

  it.each([
    ["a bare number", "123"],
    ["a bare string", '"str"'],
    ["true", "true"],
    ["null", "null"],
    ["an array", "[1,2]"],
    ["malformed JSON", '{"name":'],
    ["JSON nested a thousand deep", `${"[".repeat(1000)}${"]".repeat(1000)}`],
  ])("answers 400 with a message for %s, on every auth write", async (_what, body) => {
    const client = createClient(ctx.app);
    await registered(client);
    for (const path of ["/api/auth/update-user", "/api/auth/sign-in/email", "/api/auth/reset-password"]) {
      const res = await ctx.app.request(`http://localhost${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: "http://localhost",
          Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        body,
      });
      expect(res.status, path).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).message.length).toBeGreaterThan(0);
    }
  });

  it("answers 400 for a NUL in a reset token or a name, and changes nothing", async () => {
    const client = createClient(ctx.app);
    const account = await registered(client);
    const reset = await client.post(
      "/api/auth/reset-password",
      { token: "abc\u0000def", newPassword: "Tomato99" },
      { schema: ApiErrorSchema },
    );
    expect(reset.status).toBe(400);
    expect(reset.body.message).toMatch(/NUL/);
    const rename = await client.post("/api/auth/update-user", { name: "Evil\u0000Name" });
    expect(rename.status).toBe(400);
    expect((await client.get("/api/auth/get-session", { schema: SessionSchema })).body?.user.name).toBe(
      account.name,
    );
  });

  it("refuses a redirect off the site, and the values that made better-auth fail, with 400", async () => {
    for (const callbackURL of [
      "0",
      "http://",
      "https://evil.example/",
      "//evil.example",
      "javascript:alert(1)",
    ]) {
      const verify = await createClient(ctx.app).get(
        `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callbackURL)}`,
        { schema: ApiErrorSchema },
      );
      expect(verify.status, callbackURL).toBe(400);
      expect(verify.body.message).toBe("callbackURL must be a path on this site, like /profile");
      const reset = await createClient(ctx.app).post("/api/auth/request-password-reset", {
        email: "someone@example.com",
        redirectTo: callbackURL,
      });
      expect(reset.status, callbackURL).toBe(400);
    }
    const onSite = await createClient(ctx.app).get("/api/auth/verify-email?token=x&callbackURL=%2Fprofile");
    expect(onSite.status).toBe(302);
    expect(onSite.headers.get("location")).toMatch(/^\/profile\?error=/);
  });

  it("signs out with no body at all, as documented, and the session ends", async () => {
    const client = createClient(ctx.app);
    await registered(client);
    expect((await client.get("/api/auth/get-session", { schema: SessionSchema })).body?.user).toBeTruthy();
    const res = await ctx.app.request("http://localhost/api/auth/sign-out", {
      method: "POST",
      headers: {
        Origin: "http://localhost",
        Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    expect(res.status).toBe(200);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const session = await ctx.app.request("http://localhost/api/auth/get-session", {
      headers: { Cookie: cookie },
    });
    expect(await session.json()).toBeNull();
  });
});

describe("sign-in limits", () => {
  it("an attacker at one address never locks the owner out at another", async () => {
    const account = await registered();
    const attacker = newIPv4Address();
    for (let i = 0; i < RATE_LIMITS.signIn.perAccountAndIp.count; i++)
      expect((await signIn(account.email, `Guess${i}abc`, attacker)).status).toBe(401);
    const blocked = await signIn(account.email, account.password, attacker);
    expect(blocked.status).toBe(429);
    expect(ApiErrorSchema.parse(blocked.body).message).toMatch(
      /^Too many failed sign-in attempts \(at most 5 per account and address in 15 minutes\)\. Try again in \d+ (seconds|minutes)\.$/,
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);

    expect((await signIn(account.email, account.password, newIPv4Address())).status).toBe(200);
  });

  it("fifty parallel guesses from one address: at most five are checked", async () => {
    const account = await registered();
    const ip = newIPv4Address();
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn(account.email, `Parallel${i}x`, ip).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      RATE_LIMITS.signIn.perAccountAndIp.count,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      50 - RATE_LIMITS.signIn.perAccountAndIp.count,
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it("holds across addresses per account, with a much higher ceiling", async () => {
    const account = await registered();
    const { perAccount, perAccountAndIp } = RATE_LIMITS.signIn;
    expect(perAccount.count).toBeGreaterThanOrEqual(perAccountAndIp.count * 5);
    for (let n = 0; n < perAccount.count / perAccountAndIp.count; n++) {
      const ip = newIPv4Address();
      for (let i = 0; i < perAccountAndIp.count; i++)
        expect((await signIn(account.email, `Spread${i}x`, ip)).status).toBe(401);
    }
    expect((await signIn(account.email, account.password, newIPv4Address())).status).toBe(429);
  }, 120_000);

  it("successful sign-ins are not counted", async () => {
    const account = await registered();
    const ip = newIPv4Address();
    for (let i = 0; i < RATE_LIMITS.signIn.perAccountAndIp.count + 3; i++)
      expect((await signIn(account.email, account.password, ip)).status).toBe(200);
    expect((await signIn(account.email, "Wrong1234", ip)).status).toBe(401);
  });

  it("counts live in the database: a restarted server still refuses", async () => {
    const account = await registered();
    const ip = newIPv4Address();
    for (let i = 0; i < RATE_LIMITS.signIn.perAccountAndIp.count; i++)
      expect((await signIn(account.email, "Wrong1234", ip)).status).toBe(401);
    const restarted = createApp({
      db: ctx.db,
      authSecret: randomBytes(32).toString("hex"),
      config: { BASE_URL: "http://localhost", TRUST_PROXY: 1 },
      passwordHashing: quickPasswords,
    });
    const res = await createClient(restarted).post(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { headers: from(ip) },
    );
    expect(res.status).toBe(429);
  });

  it("a client cannot pick its address when no proxy is trusted", async () => {
    const direct = await createTestApp();
    try {
      // One client, on one connection, whatever X-Forwarded-For it sends.
      const address = "198.51.100.9";
      const account = newAccount();
      expect(
        (await createClient(direct.app, { address }).post("/api/auth/sign-up/email", account)).status,
      ).toBe(200);
      for (let i = 0; i < RATE_LIMITS.signIn.perAccountAndIp.count; i++) {
        const res = await createClient(direct.app, { address }).post(
          "/api/auth/sign-in/email",
          { email: account.email, password: "Wrong1234" },
          { headers: from(`203.0.113.${i}`) },
        );
        expect(res.status).toBe(401);
      }
      const res = await createClient(direct.app, { address }).post(
        "/api/auth/sign-in/email",
        { email: account.email, password: account.password },
        { headers: from("203.0.113.200") },
      );
      expect(res.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("password checks of a signed-in account", () => {
  it.each([
    ["change-password", (password: string) => ({ currentPassword: password, newPassword: "Brand9New" })],
    ["verify-password", (password: string) => ({ password })],
  ])("%s is limited like sign-in", async (path, body) => {
    const client = createClient(ctx.app);
    const account = await registered(client);
    const ip = newIPv4Address();
    for (let i = 0; i < RATE_LIMITS.passwordCheck.perAccountAndIp.count; i++) {
      const res = await client.post(`/api/auth/${path}`, body(`Wrong${i}abc`), { headers: from(ip) });
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(429);
    }
    const blocked = await client.post(`/api/auth/${path}`, body(account.password), refusedFrom(ip));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed password attempts/);
    // From another address the owner still gets through.
    const ok = await client.post(`/api/auth/${path}`, body(account.password), {
      headers: from(newIPv4Address()),
    });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe("the owner's own devices", () => {
  const { perAccount, perAccountAndIp } = RATE_LIMITS.signIn;
  /** Wrong passwords for `email` from enough addresses to use up the account's allowance everywhere. */
  async function lockOut(email: string) {
    const addresses = Math.ceil(perAccount.count / perAccountAndIp.count) + 4;
    for (let n = 0; n < addresses; n++) {
      const ip = newIPv4Address();
      for (let i = 0; i <= perAccountAndIp.count; i++)
        expect([401, 429]).toContain((await signIn(email, `Stranger${i}x`, ip)).status);
    }
  }

  it("strangers' failures from elsewhere do not lock the owner out of a device they signed in on", async () => {
    const owner = await registered();
    const device = createClient(ctx.app);
    expect((await signIn(owner.email, owner.password, newIPv4Address(), device)).status).toBe(200);
    const someoneElse = await registered();
    const otherDevice = createClient(ctx.app);
    expect(
      (await signIn(someoneElse.email, someoneElse.password, newIPv4Address(), otherDevice)).status,
    ).toBe(200);

    // 14 addresses, 6 wrong passwords each: 84, as an attacker spread them.
    await lockOut(owner.email);

    // A fresh address and a browser that never signed in: refused, the account's own limit holds.
    const unknown = await signIn(owner.email, owner.password, newIPv4Address());
    expect(unknown.status).toBe(429);
    // A forged device cookie, or another account's, gives nothing.
    const [name, value] = [...device.cookies].find(([cookie]) => cookie.includes("device")) ?? [];
    expect(name).toBeTruthy();
    const forged = createClient(ctx.app);
    // The same cookie with its sign-in time changed, and its signature kept.
    forged.cookies.set(
      name as string,
      encodeURIComponent(decodeURIComponent(String(value)).replace(/^\d+/, "1")),
    );
    expect((await signIn(owner.email, owner.password, newIPv4Address(), forged)).status).toBe(429);
    const borrowed = createClient(ctx.app);
    const otherValue = otherDevice.cookies.get(name as string);
    expect(otherValue).toBeTruthy();
    borrowed.cookies.set(name as string, otherValue as string);
    expect((await signIn(owner.email, owner.password, newIPv4Address(), borrowed)).status).toBe(429);

    // The owner's own browser, at a fresh address: signed in.
    const res = await signIn(owner.email, owner.password, newIPv4Address(), device);
    expect(res.status, res.text).toBe(200);
  }, 120_000);

  it("sets the device cookie httpOnly, SameSite=Lax, for a long time, only for the auth routes", async () => {
    const owner = await registered();
    const res = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost", ...from(newIPv4Address()) },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("device"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth(;|$)/);
    expect(Number(cookie?.match(/Max-Age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    // A failed sign-in marks nothing.
    const failed = await ctx.app.request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost", ...from(newIPv4Address()) },
      body: JSON.stringify({ email: owner.email, password: "Wrong1234" }),
    });
    expect(failed.status).toBe(401);
    expect(failed.headers.getSetCookie().some((c) => c.includes("device"))).toBe(false);
  });

  it("a known device keeps its own allowance: wrong passwords from it are limited wherever it goes", async () => {
    const owner = await registered();
    const device = createClient(ctx.app);
    expect((await signIn(owner.email, owner.password, newIPv4Address(), device)).status).toBe(200);
    const { perDevice } = RATE_LIMITS.signIn;
    for (let i = 0; i < perDevice.count; i++)
      expect((await signIn(owner.email, `Typo${i}abc`, newIPv4Address(), device)).status).toBe(401);
    expect((await signIn(owner.email, owner.password, newIPv4Address(), device)).status).toBe(429);
    // Its failures are its own: the account elsewhere is not refused.
    expect((await signIn(owner.email, owner.password, newIPv4Address())).status).toBe(200);
  });
});

describe("correct sign-ins in parallel", () => {
  it("are all let through one after another, even one failure short of the limit", async () => {
    const owner = await registered();
    const ip = newIPv4Address();
    const { perAccountAndIp } = RATE_LIMITS.signIn;
    for (let i = 0; i < perAccountAndIp.count - 1; i++)
      expect((await signIn(owner.email, `Almost${i}x`, ip)).status).toBe(401);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => signIn(owner.email, owner.password, ip).then((res) => res.status)),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    // They were not counted: one more failure is checked, and then the limit holds.
    expect((await signIn(owner.email, "Wrong1234", ip)).status).toBe(401);
    expect((await signIn(owner.email, owner.password, ip)).status).toBe(429);
  });
});
