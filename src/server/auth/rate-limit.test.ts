import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { createClient, newAccount } from "../test/http-client.ts";
import { createTestApp } from "../test/test-db.ts";
import { RATE_LIMITS } from "./auth.routes.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe("rate limits", () => {
  it("blocks an account after 5 failed sign-ins with a 429, a message and Retry-After, even with the right password", async () => {
    const account = newAccount();
    expect((await createClient(ctx.app).post("/api/auth/sign-up/email", account)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await createClient(ctx.app).post("/api/auth/sign-in/email", {
        email: account.email,
        password: "Wrong123",
      });
      expect(res.status).toBe(401);
    }
    const blocked = await createClient(ctx.app).post(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { schema: ApiErrorSchema },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ seconds\./);
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another account from the same address is not blocked by this one.
    const other = newAccount();
    expect((await createClient(ctx.app).post("/api/auth/sign-up/email", other)).status).toBe(200);
    const ok = await createClient(ctx.app).post("/api/auth/sign-in/email", {
      email: other.email,
      password: other.password,
    });
    expect(ok.status).toBe(200);
  });

  it("successful sign-ins are not counted", async () => {
    const account = newAccount();
    expect((await createClient(ctx.app).post("/api/auth/sign-up/email", account)).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      const res = await createClient(ctx.app).post("/api/auth/sign-in/email", {
        email: account.email,
        password: account.password,
      });
      expect(res.status).toBe(200);
    }
  });

  it("limits password reset e-mails per account", async () => {
    const account = newAccount();
    expect((await createClient(ctx.app).post("/api/auth/sign-up/email", account)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await createClient(ctx.app).post("/api/auth/request-password-reset", {
        email: account.email,
      });
      expect(res.status).toBe(200);
    }
    const blocked = await createClient(ctx.app).post(
      "/api/auth/request-password-reset",
      { email: account.email },
      { schema: ApiErrorSchema },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many password reset requests/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits repeated sign-ups for one e-mail", async () => {
    const account = newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await createClient(ctx.app).post("/api/auth/sign-up/email", account)).status);
    expect(statuses).toEqual([200, 422, 422, 422, 422, 429]);
  });

  it("limits failed sign-ins from one address across accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.signIn.perIp.count + 5; i++) {
      const res = await createClient(ctx.app).post("/api/auth/sign-in/email", {
        email: `stuffing${i}@example.com`,
        password: "Guess1234",
      });
      statuses.push(res.status);
    }
    // Earlier tests in this file failed a few sign-ins from the same address too.
    expect(statuses.indexOf(429)).toBeGreaterThan(RATE_LIMITS.signIn.perIp.count - 10);
    expect(statuses.slice(0, statuses.indexOf(429)).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
    // A hundred sign-ins, each hashing a password: more than the default 30 s on a slow machine.
  }, 120_000);
});

describe("cookies over https", () => {
  it("marks the session cookie Secure when the site is served over https", async () => {
    const secure = await createTestApp({ config: { BASE_URL: "https://garden.example", RATE_LIMIT: false } });
    try {
      const res = await secure.app.request("https://garden.example/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://garden.example" },
        body: JSON.stringify(newAccount()),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});
