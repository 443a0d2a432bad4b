import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { users } from "../../db/schema.ts";
import { createLogger } from "../../lib/logger.ts";
import { Limiter, RATE_LIMITS } from "../../lib/security/rate-limit.ts";
import { createClient, newAccount, newClientAddress } from "../../test/http-client.ts";
import { createTestApp } from "../../test/test-db.ts";
import { UNVERIFIED_PER_ADDRESS } from "./sign-up-brakes.ts";

/**
 * The brakes on making accounts at one address (ADR 048): 10 sign-ups an hour, 3 of its accounts of the
 * last day unverified at once, and each sign-up's verification e-mail counted against the address's
 * window of verification e-mails. Each person here has an address of their own, as real visitors do.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const signUpFrom = (address: string, account = newAccount()) =>
  createClient(ctx.app, { address }).post("/api/auth/sign-up/email", account);

/** Follows the verification e-mail's link in the account's own signed-in browser, as its owner would. */
async function signUpAndVerify(address: string) {
  const account = newAccount();
  const client = createClient(ctx.app, { address });
  expect((await client.post("/api/auth/sign-up/email", account)).status).toBe(200);
  const mail = ctx.mailer.sent.filter((m) => m.to === account.email).at(-1);
  const link = mail?.text.match(/http:\/\/localhost(\/api\/auth\/verify-email\?\S+)/)?.[1];
  expect(link, `a verification link to ${account.email}`).toBeTruthy();
  expect((await client.get(link ?? "")).status).toBe(302);
  return account;
}

const accountsNamed = async (email: string) =>
  ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));

describe("sign-ups from one address", () => {
  it("hold at most 3 unverified accounts of the last day; a confirmed one makes room", async () => {
    const address = newClientAddress();
    const first: Array<ReturnType<typeof newAccount>> = [];
    for (let i = 0; i < UNVERIFIED_PER_ADDRESS.count; i++) {
      const account = newAccount();
      expect((await signUpFrom(address, account)).status).toBe(200);
      first.push(account);
    }
    const refusedAccount = newAccount();
    const refused = await createClient(ctx.app, { address }).post("/api/auth/sign-up/email", refusedAccount, {
      schema: ApiErrorSchema,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "3 accounts made from your address in the last day have not confirmed their e-mail yet: confirm one with the link we sent it, or make a new account later. Try again in 24 hours.",
    );
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    // Nothing was made, and no e-mail went.
    expect(await accountsNamed(refusedAccount.email)).toEqual([]);
    expect(ctx.mailer.sent.some((m) => m.to === refusedAccount.email)).toBe(false);

    // Another address is not held by this one's accounts.
    expect((await signUpFrom(newClientAddress())).status).toBe(200);

    // One of the three confirms its e-mail (as an administrator could have): the next sign-up goes in.
    const [confirmed] = first;
    await ctx.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, confirmed?.email ?? ""));
    expect((await signUpFrom(address)).status).toBe(200);
    expect((await signUpFrom(address)).status).toBe(429);
  });

  it("count the unverified accounts of the last day only", async () => {
    const address = newClientAddress();
    for (let i = 0; i < UNVERIFIED_PER_ADDRESS.count; i++) {
      const account = newAccount();
      expect((await signUpFrom(address, account)).status).toBe(200);
      // Made over a day ago, as the clock would say tomorrow.
      await ctx.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(users.email, account.email));
    }
    expect((await signUpFrom(address)).status).toBe(200);
  });

  it(`are ${RATE_LIMITS.signUp.perIp.count} an hour, even when each account confirms its e-mail`, async () => {
    const address = newClientAddress();
    for (let i = 0; i < RATE_LIMITS.signUp.perIp.count; i++) await signUpAndVerify(address);
    const account = newAccount();
    const refused = await createClient(ctx.app, { address }).post("/api/auth/sign-up/email", account, {
      schema: ApiErrorSchema,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many sign-up attempts \(at most 10 per address in 60 minutes\)\. Try again in (59|60) minutes\.$/,
    );
    expect(await accountsNamed(account.email)).toEqual([]);
    expect((await signUpFrom(newClientAddress())).status).toBe(200);
  });

  it("send verification e-mails that count against the address's window of them", async () => {
    const address = newClientAddress();
    const { perIp } = RATE_LIMITS.verificationEmail;
    // An address that has had its whole window of verification e-mails, as a hundred resends would
    // have used it up (counted in the database, where every server reads them).
    const limiter = new Limiter(ctx.db, { enabled: true, trustProxy: 0 });
    for (let i = 0; i < perIp.count; i++)
      expect((await limiter.take("verificationEmail", address, null)).allowed).toBe(true);
    const client = createClient(ctx.app, { address });
    const account = newAccount();
    const refused = await client.post("/api/auth/sign-up/email", account, { schema: ApiErrorSchema });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many verification e-mails from your address \(at most 100 in 15 minutes\), and a new account is sent one\. Try again in \d+ minutes\.$/,
    );
    expect(await accountsNamed(account.email)).toEqual([]);
  });

  it("answer the hidden field's bot as accepted without counting an unverified account", async () => {
    const address = newClientAddress();
    for (let i = 0; i < UNVERIFIED_PER_ADDRESS.count + 2; i++) {
      const res = await createClient(ctx.app, { address }).post("/api/auth/sign-up/email", {
        ...newAccount(),
        website: "https://spam.example",
      });
      expect(res.status).toBe(200);
    }
    // No account was made, so a person at the same address still signs up.
    expect((await signUpFrom(address)).status).toBe(200);
  });
});

describe("limits counted against this machine's own address", () => {
  it("are warned of once when no proxy is trusted", async () => {
    const lines: string[] = [];
    const app = await createTestApp({ logger: createLogger("warn", (line) => lines.push(line)) });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await createClient(app.app, { address: "127.0.0.1" }).post("/api/auth/sign-in/email", {
          email: newAccount().email,
          password: "Wrong1234",
        });
        expect(res.status).toBe(401);
      }
      const warnings = lines.filter((line) => line.includes("TRUST_PROXY"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(
        "A sign-in from 127.0.0.1 was counted against this machine's own address",
      );
    } finally {
      await app.close();
    }
  });
});
