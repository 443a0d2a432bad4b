import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import type { Db } from "../../db/client.ts";
import { createClient, newAccount, newClientAddress } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";
import { Limiter, RATE_LIMITS, waitInWords } from "./rate-limit.ts";

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
    // One attacker, at one address.
    const address = newClientAddress();
    expect((await createClient(ctx.app).post("/api/auth/sign-up/email", account)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = await createClient(ctx.app, { address }).post("/api/auth/sign-in/email", {
        email: account.email,
        password: "Wrong123",
      });
      expect(res.status).toBe(401);
    }
    const blocked = await createClient(ctx.app, { address }).post(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { schema: ApiErrorSchema },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many failed sign-in attempts \(at most 5 per account and address in 15 minutes\)\. Try again in \d+ minutes\.$/,
    );
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
    const address = newClientAddress();
    for (let i = 0; i < RATE_LIMITS.signIn.perIp.count + 5; i++) {
      const res = await createClient(ctx.app, { address }).post("/api/auth/sign-in/email", {
        email: `stuffing${i}@example.com`,
        password: "Guess1234",
      });
      statuses.push(res.status);
    }
    expect(statuses.indexOf(429)).toBe(RATE_LIMITS.signIn.perIp.count);
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

describe("waitInWords", () => {
  it("says seconds up to two minutes and whole minutes, rounded up, beyond", () => {
    expect(waitInWords(1)).toBe("1 second");
    expect(waitInWords(59)).toBe("59 seconds");
    expect(waitInWords(119)).toBe("119 seconds");
    expect(waitInWords(120)).toBe("2 minutes");
    expect(waitInWords(121)).toBe("3 minutes");
    expect(waitInWords(3600)).toBe("60 minutes");
  });

  it("says whole hours, rounded up, from two hours on (a day's limit on photo bytes)", () => {
    expect(waitInWords(2 * 3600 - 1)).toBe("120 minutes");
    expect(waitInWords(2 * 3600)).toBe("2 hours");
    expect(waitInWords(23 * 3600 + 1)).toBe("24 hours");
  });
});

describe("one limiter per app", () => {
  it("prunes ended windows at most once a minute, however many requests are limited", async () => {
    const statements: string[] = [];
    const db = {
      execute: async () => {
        statements.push("upsert");
        return { rows: [{ count: 1, wait: 60 }] };
      },
      delete: () => ({
        where: async () => {
          statements.push("delete");
        },
      }),
    } as unknown as Db;
    const limiter = new Limiter(db, { enabled: true, trustProxy: 0 });
    let now = Date.parse("2026-11-26T10:00:00Z");
    const clock = vi.spyOn(Date, "now").mockImplementation(() => now);
    try {
      for (let i = 0; i < 20; i++) await limiter.take("upload", "127.0.0.1", `account-${i}`);
      expect(statements.filter((s) => s === "delete")).toHaveLength(1);
      now += 61_000;
      await limiter.take("upload", "127.0.0.1", "account-x");
      expect(statements.filter((s) => s === "delete")).toHaveLength(2);
    } finally {
      clock.mockRestore();
    }
  });
});
