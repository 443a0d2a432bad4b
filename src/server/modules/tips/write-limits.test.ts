import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { LikeStateSchema, TipSchema } from "#shared/schemas/tip.ts";
import { users } from "../../db/schema.ts";
import { RATE_LIMITS } from "../../lib/security/rate-limit.ts";
import { createClient, newAccount, newIPv4Address, newTip } from "../../test/http-client.ts";
import { confirmEmail } from "../../test/members.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Writing is limited for every account, per account and per address: sharing tips (less for an account
 * younger than a day), editing them, and liking. Behind one trusted proxy, X-Forwarded-For names the
 * client, so each test writes from addresses of its own.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { TRUST_PROXY: 1 } });
});
afterAll(async () => {
  await ctx.close();
});

/** The refusal's sentence: what, the limit that applied in words, and when it lifts. */
const REFUSAL = (what: string, rule: string) =>
  new RegExp(`^Too many ${what} \\(at most ${rule}\\)\\. Try again in \\d+ seconds?\\.$`);

/** A member signed in from `ip`; `daysOld` back-dates the account, as one made days ago would be. */
async function member(ip: string, { daysOld = 2 }: { daysOld?: number } = {}) {
  const client = createClient(ctx.app);
  const account = newAccount();
  const res = await client.post("/api/auth/sign-up/email", account, { headers: { "X-Forwarded-For": ip } });
  expect(res.status, res.text).toBe(200);
  // Each shares more than two public tips, which waits for a confirmed e-mail.
  await confirmEmail(ctx, client, account.email);
  if (daysOld > 0) {
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - daysOld * 24 * 60 * 60_000) })
      .where(eq(users.email, account.email));
    // The signed-in session holds the account's age: the change reaches it before the next request.
    await ctx.sessionCache.settled();
  }
  const headers = { "X-Forwarded-For": ip };
  return {
    account,
    share: (title: string, from = ip) =>
      client.post("/api/tips", newTip(title), { headers: { "X-Forwarded-For": from } }),
    edit: (id: string, title: string) => client.put(`/api/tips/${id}`, newTip(title), { headers }),
    remove: (id: string) => client.delete(`/api/tips/${id}`, { headers }),
    follow: (handle: string, on = true) =>
      on
        ? client.put(`/api/gardeners/${handle}/follow`, {}, { headers })
        : client.delete(`/api/gardeners/${handle}/follow`, { headers }),
    like: (id: string, on: boolean) =>
      on
        ? client.post(`/api/tips/${id}/like`, {}, { headers })
        : client.delete(`/api/tips/${id}/like`, { headers }),
    ownTitles: async () => {
      const res = await client.get(`/api/tips?email=${encodeURIComponent(account.email)}&limit=100`, {
        schema: TipSchema.array(),
      });
      expect(res.status).toBe(200);
      return res.body.map((tip) => tip.title);
    },
  };
}

describe("sharing tips", () => {
  const [perMinute] = RATE_LIMITS.shareTip.perAccount;

  it(`refuses an account's tip past ${perMinute.count} a minute with 429 and Retry-After, stores nothing, and leaves other accounts alone`, async () => {
    const ip = newIPv4Address();
    const author = await member(ip);
    for (let i = 0; i < perMinute.count; i++) expect((await author.share(`Allowed ${i}`)).status).toBe(201);

    const refused = await author.share("One too many");
    expect(refused.status).toBe(429);
    expect(ApiErrorSchema.parse(refused.body).message).toMatch(
      REFUSAL("new tips", "5 per account in a minute"),
    );
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(perMinute.minutes * 60);
    expect(await author.ownTitles()).not.toContain("One too many");
    expect((await author.ownTitles()).length).toBe(perMinute.count);

    // Another account, even at the same address, still shares.
    const neighbour = await member(ip);
    expect((await neighbour.share("Neighbour's tip")).status).toBe(201);
    // From another address the refused account is still refused: the limit is the account's.
    expect((await author.share("From elsewhere", newIPv4Address())).status).toBe(429);
  });

  it("gives an account younger than a day fewer tips", async () => {
    const [newPerMinute] = RATE_LIMITS.shareTip.perNewAccount;
    expect(newPerMinute.count).toBeLessThan(perMinute.count);
    const fresh = await member(newIPv4Address(), { daysOld: 0 });
    for (let i = 0; i < newPerMinute.count; i++) expect((await fresh.share(`New ${i}`)).status).toBe(201);
    const refused = await fresh.share("Too soon");
    expect(refused.status).toBe(429);
    expect(ApiErrorSchema.parse(refused.body).message).toMatch(
      REFUSAL("new tips", "3 per account younger than 24 hours in a minute"),
    );
    expect(await fresh.ownTitles()).not.toContain("Too soon");
  });

  it("limits one address across accounts, more loosely", async () => {
    const [perAddress] = RATE_LIMITS.shareTip.perIp;
    expect(perAddress.count).toBeGreaterThan(perMinute.count * 3);
    const ip = newIPv4Address();
    let shared = 0;
    while (shared < perAddress.count) {
      const author = await member(ip);
      for (let i = 0; i < perMinute.count && shared < perAddress.count; i++, shared++)
        expect((await author.share(`Crowd ${shared}`)).status).toBe(201);
    }
    const late = await member(ip);
    const refused = await late.share("Crowded out");
    expect(refused.status).toBe(429);
    expect(await late.ownTitles()).toEqual([]);
    expect((await (await member(newIPv4Address())).share("Other address")).status).toBe(201);
  }, 60_000);

  it("still lets a refused author delete tips: deleting floods nothing", async () => {
    const author = await member(newIPv4Address());
    const ids: string[] = [];
    for (let i = 0; i < perMinute.count; i++)
      ids.push(TipSchema.parse((await author.share(`Soon gone ${i}`)).body)._id);
    expect((await author.share("Refused")).status).toBe(429);
    for (const id of ids) expect((await author.remove(id)).status).toBe(204);
    expect(await author.ownTitles()).toEqual([]);
  });
});

describe("editing tips", () => {
  it("refuses edits past the limit, and the tip keeps its last accepted version", async () => {
    const [perMinute] = RATE_LIMITS.editTip.perAccount;
    const author = await member(newIPv4Address());
    const id = TipSchema.parse((await author.share("Version 0")).body)._id;
    for (let i = 1; i <= perMinute.count; i++)
      expect((await author.edit(id, `Version ${i}`)).status).toBe(200);
    const refused = await author.edit(id, "Refused version");
    expect(refused.status).toBe(429);
    expect(ApiErrorSchema.parse(refused.body).message).toMatch(
      REFUSAL("tip edits", "10 per account in a minute"),
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await author.ownTitles()).toEqual([`Version ${perMinute.count}`]);
  });
});

describe("likes", () => {
  it("counts likes and unlikes together: past the limit a toggle is refused and changes nothing", async () => {
    const { perAccount } = RATE_LIMITS.like;
    const ip = newIPv4Address();
    const author = await member(ip);
    const id = TipSchema.parse((await author.share("Likeable")).body)._id;
    const liker = await member(ip);
    for (let i = 0; i < perAccount.count; i++) {
      const res = await liker.like(id, i % 2 === 0);
      expect(res.status, res.text).toBe(200);
    }
    // An even number of toggles: not liked now.
    const refused = await liker.like(id, true);
    expect(refused.status).toBe(429);
    expect(ApiErrorSchema.parse(refused.body).message).toMatch(
      REFUSAL("likes", "60 per account in a minute"),
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(TipSchema.parse((await createClient(ctx.app).get(`/api/tips/${id}`)).body).totalLiked).toBe(0);

    // Another member at the same address still likes it.
    const other = await member(ip);
    const liked = await other.like(id, true);
    expect(liked.status).toBe(200);
    expect(LikeStateSchema.parse(liked.body)).toEqual({ liked: true, totalLiked: 1 });
  });

  it("limits follows per account, counting only those accepted, and leaves unfollowing free of it", async () => {
    const [perMinute] = RATE_LIMITS.follow.perAccount;
    const ip = newIPv4Address();
    const gardener = await member(ip);
    const handle = TipSchema.parse((await gardener.share("Followable")).body).authorHandle ?? "";
    const fan = await member(ip);
    // Refusals (no such gardener) are given back: they do not use up the allowance.
    for (let i = 0; i < 5; i++) expect((await fan.follow("nobody_has_this_handle")).status).toBe(404);
    // Follow and unfollow in turn: only the follows count against it.
    for (let i = 0; i < perMinute.count; i++) {
      expect((await fan.follow(handle)).status).toBe(200);
      expect((await fan.follow(handle, false)).status).toBe(200);
    }
    const refused = await fan.follow(handle);
    expect(refused.status).toBe(429);
    expect(ApiErrorSchema.parse(refused.body).message).toMatch(
      REFUSAL("follows", "30 per account in a minute"),
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Unfollowing has its own, looser pace.
    expect((await fan.follow(handle, false)).status).toBe(200);
  });
});
