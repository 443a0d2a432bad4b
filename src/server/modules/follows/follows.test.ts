import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { FollowStateSchema, FollowStatesSchema } from "#shared/schemas/follow.ts";
import { GardenerPageSchema } from "#shared/schemas/gardener.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { users } from "../../db/schema.ts";
import { createClient, newTip, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import { handleOf } from "../../test/moderation-fixtures.ts";
import { createTestApp } from "../../test/test-db.ts";

/**
 * Members follow each other's gardener pages: the counts on the page, the Following list of Browse Tips,
 * and what a block, a hold or a deleted account does to them, as a client sees it.
 */
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await app.close();
});

async function gardener(name = "Gardener") {
  const member = await signedInMember(app, { name });
  return { ...member, handle: await handleOf(app, member.id) };
}

const followPath = (handle: string) => `/api/gardeners/${handle}/follow`;
const follow = (as: TestClient, handle: string) =>
  as.put(followPath(handle), {}, { schema: FollowStateSchema });
const unfollow = (as: TestClient, handle: string) =>
  as.delete(followPath(handle), { schema: FollowStateSchema });

/** The page's counts as a visitor reads them. */
async function countsOf(handle: string) {
  const res = await createClient(app.app).get(`/api/gardeners/${handle}`, { schema: GardenerPageSchema });
  expect(res.status, res.text).toBe(200);
  return { followers: res.body.followers, following: res.body.following };
}

async function followingList(as: TestClient, query = "") {
  const res = await as.get(`/api/tips?following=true${query}`, { schema: z.array(TipSchema) });
  expect(res.status, res.text).toBe(200);
  return { titles: res.body.map((tip) => tip.title), total: Number(res.headers.get("x-total-count")) };
}

describe("following a gardener", () => {
  it("follows and unfollows idempotently, with the counts on both pages", async () => {
    const fan = await gardener("Fan");
    const star = await gardener("Star");
    expect(await countsOf(star.handle)).toEqual({ followers: 0, following: 0 });

    const first = await follow(fan.client, star.handle);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ following: true, followers: 1 });
    // Again, in another case: nothing changes.
    expect((await follow(fan.client, star.handle.toUpperCase())).body).toEqual({
      following: true,
      followers: 1,
    });
    expect((await fan.client.get(followPath(star.handle), { schema: FollowStateSchema })).body).toEqual({
      following: true,
      followers: 1,
    });
    expect(await countsOf(star.handle)).toEqual({ followers: 1, following: 0 });
    expect(await countsOf(fan.handle)).toEqual({ followers: 0, following: 1 });

    expect((await unfollow(fan.client, star.handle)).body).toEqual({ following: false, followers: 0 });
    expect((await unfollow(fan.client, star.handle)).body).toEqual({ following: false, followers: 0 });
    expect(await countsOf(star.handle)).toEqual({ followers: 0, following: 0 });
    expect(await countsOf(fan.handle)).toEqual({ followers: 0, following: 0 });
  });

  it("refuses a visitor, oneself and an unknown handle with a clear answer, changing nothing", async () => {
    const star = await gardener("Star");
    const visitor = createClient(app.app);
    for (const res of [
      await visitor.put(followPath(star.handle), {}),
      await visitor.delete(followPath(star.handle)),
      await visitor.get(followPath(star.handle)),
    ]) {
      expect(res.status).toBe(401);
      expect(ApiErrorSchema.parse(res.body).message).toBe("Sign in to follow gardeners");
    }
    const self = await star.client.put(followPath(star.handle), {});
    expect(self.status).toBe(422);
    expect(ApiErrorSchema.parse(self.body).message).toBe("You cannot follow yourself");
    for (const res of [
      await star.client.put(followPath("nobody-has-this-handle"), {}),
      await star.client.delete(followPath("nobody-has-this-handle")),
      await star.client.get(followPath("not a handle!")),
    ]) {
      expect(res.status).toBe(404);
      expect(ApiErrorSchema.parse(res.body).message).toBe("No gardener has that handle");
    }
    expect(await countsOf(star.handle)).toEqual({ followers: 0, following: 0 });
  });

  it("counts every one of many members following one gardener at once, and two who follow each other", async () => {
    const star = await gardener("Star");
    const fans = await Promise.all(Array.from({ length: 12 }, () => gardener("Fan")));
    const answers = await Promise.all(fans.map((fan) => follow(fan.client, star.handle)));
    expect(answers.map((res) => res.status)).toEqual(fans.map(() => 200));
    expect(await countsOf(star.handle)).toEqual({ followers: 12, following: 0 });

    // Each takes the other's row and their own in the same order: neither waits on the other for ever.
    const [a, b] = fans;
    if (!a || !b) throw new Error("two fans");
    const both = await Promise.all([follow(a.client, b.handle), follow(b.client, a.handle)]);
    expect(both.map((res) => res.status)).toEqual([200, 200]);
    expect(await countsOf(a.handle)).toEqual({ followers: 1, following: 2 });
    expect(await countsOf(b.handle)).toEqual({ followers: 1, following: 2 });

    await Promise.all(fans.slice(0, 5).map((fan) => unfollow(fan.client, star.handle)));
    expect(await countsOf(star.handle)).toEqual({ followers: 7, following: 0 });
  });

  it("ends the follows both ways when either blocks the other, and refuses new ones while the block lasts", async () => {
    const blocker = await gardener("Blocker");
    const other = await gardener("Other");
    await follow(blocker.client, other.handle);
    await follow(other.client, blocker.handle);
    expect(await countsOf(blocker.handle)).toEqual({ followers: 1, following: 1 });

    expect((await blocker.client.post(`/api/blocks/${other.handle}`, {})).status).toBe(201);
    expect(await countsOf(blocker.handle)).toEqual({ followers: 0, following: 0 });
    expect(await countsOf(other.handle)).toEqual({ followers: 0, following: 0 });
    for (const [as, handle] of [
      [other.client, blocker.handle],
      [blocker.client, other.handle],
    ] as const) {
      const refused = await as.put(followPath(handle), {});
      expect(refused.status).toBe(403);
      expect(ApiErrorSchema.parse(refused.body).message).toBe("You cannot follow this member");
    }
    expect(await countsOf(other.handle)).toEqual({ followers: 0, following: 0 });

    expect((await blocker.client.delete(`/api/blocks/${other.handle}`)).status).toBe(204);
    expect((await follow(other.client, blocker.handle)).body).toEqual({ following: true, followers: 1 });
  });

  it("does not follow a page on hold, but lets its followers stop following", async () => {
    const fan = await gardener("Fan");
    const star = await gardener("Star");
    await follow(fan.client, star.handle);
    await app.db.update(users).set({ pageHold: "spam" }).where(eq(users.id, star.id));
    const newcomer = await gardener("Newcomer");
    expect((await newcomer.client.put(followPath(star.handle), {})).status).toBe(404);
    // Following oneself is refused as such even while one's own page is on hold.
    expect((await star.client.put(followPath(star.handle), {})).status).toBe(422);
    expect((await unfollow(fan.client, star.handle)).body).toEqual({ following: false, followers: 0 });
  });

  it("leaves a member on hold out of the counts while the hold lasts, both ways", async () => {
    const fan = await gardener("Fan");
    const star = await gardener("Star");
    const other = await gardener("Other");
    await follow(fan.client, star.handle);
    await follow(star.client, other.handle);
    expect(await countsOf(star.handle)).toEqual({ followers: 1, following: 1 });
    const hold = (id: string, held: boolean) => app.db.update(users).set({ held }).where(eq(users.id, id));

    // The fan's follow stops counting, as everything else they made stops showing.
    await hold(fan.id, true);
    expect(await countsOf(star.handle)).toEqual({ followers: 0, following: 1 });
    // The star on hold: their page is gone, and they count in nobody's followings; their own follow of
    // another no longer counts in that one's followers.
    await hold(fan.id, false);
    await hold(star.id, true);
    expect(
      (await fan.client.get(`/api/gardeners/${fan.handle}`, { schema: GardenerPageSchema })).body,
    ).toMatchObject({ following: 0 });
    expect(await countsOf(other.handle)).toEqual({ followers: 0, following: 0 });
    const asked = await fan.client.get(`/api/follows?handles=${star.handle},${other.handle}`, {
      schema: FollowStatesSchema,
    });
    expect(asked.body.map((state) => state.handle)).toEqual([other.handle]);
    // An account on hold may follow nobody.
    expect((await star.client.put(followPath(other.handle), {})).status).toBe(403);

    await hold(star.id, false);
    expect(await countsOf(star.handle)).toEqual({ followers: 1, following: 1 });
    expect(await countsOf(fan.handle)).toEqual({ followers: 0, following: 1 });
    expect(await countsOf(other.handle)).toEqual({ followers: 1, following: 0 });
  });

  it("never keeps a follow made at the moment a block between the two is", async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => ({ fan: await gardener("Fan"), star: await gardener("Star") })),
    );
    const answers = await Promise.all(
      pairs.flatMap(({ fan, star }, n) => [
        fan.client.put(followPath(star.handle), {}),
        // Half the blocks are the gardener's, half the fan's.
        n % 2 === 0
          ? star.client.post(`/api/blocks/${fan.handle}`, {})
          : fan.client.post(`/api/blocks/${star.handle}`, {}),
      ]),
    );
    for (const [n, res] of answers.entries())
      expect([200, 201, 403], `answer ${n}: ${res.text}`).toContain(res.status);
    for (const { fan, star } of pairs) {
      expect(await countsOf(star.handle)).toEqual({ followers: 0, following: 0 });
      expect(await countsOf(fan.handle)).toEqual({ followers: 0, following: 0 });
    }
  });

  it("takes a deleted account's follows off the counts of those it followed and who followed it", async () => {
    const leaver = await gardener("Leaver");
    const star = await gardener("Star");
    const fan = await gardener("Fan");
    await follow(leaver.client, star.handle);
    await follow(fan.client, leaver.handle);
    expect(await countsOf(fan.handle)).toEqual({ followers: 0, following: 1 });
    await app.db.delete(users).where(eq(users.id, leaver.id));
    expect(await countsOf(star.handle)).toEqual({ followers: 0, following: 0 });
    expect(await countsOf(fan.handle)).toEqual({ followers: 0, following: 0 });
  });
});

describe("whether a member follows each of a page of gardeners", () => {
  it("answers each gardener named who exists, in any case, and refuses an empty or too long question", async () => {
    const fan = await gardener("Fan");
    const followed = await gardener("Followed");
    const other = await gardener("Other");
    await follow(fan.client, followed.handle);
    const res = await fan.client.get(
      `/api/follows?handles=${followed.handle.toUpperCase()},${other.handle},nobody_has_this_one,not a handle!`,
      { schema: FollowStatesSchema },
    );
    expect(res.status, res.text).toBe(200);
    expect([...res.body].sort((a, b) => a.handle.localeCompare(b.handle))).toEqual(
      [
        { handle: followed.handle, following: true, followers: 1 },
        { handle: other.handle, following: false, followers: 0 },
      ].sort((a, b) => a.handle.localeCompare(b.handle)),
    );
    for (const query of [
      "",
      "?handles=",
      "?handles=,,",
      `?handles=${Array.from({ length: 61 }, (_, n) => `g${n}`).join(",")}`,
    ]) {
      const refused = await fan.client.get(`/api/follows${query}`);
      expect(refused.status, query).toBe(400);
    }
    expect((await createClient(app.app).get(`/api/follows?handles=${other.handle}`)).status).toBe(401);
  });
});

describe("the Following list of Browse Tips", () => {
  it("lists only the public tips of gardeners the member follows, as the follows change", async () => {
    const reader = await gardener("Reader");
    const followed = await gardener("Followed");
    const stranger = await gardener("Stranger");
    const tag = Math.random().toString(36).slice(2, 8);
    const share = async (as: TestClient, title: string, availability = "Public") => {
      const res = await as.post("/api/tips", { ...newTip(title), availability });
      expect(res.status, res.text).toBe(201);
    };
    await share(followed.client, `Followed tip ${tag}`);
    await share(followed.client, `Followed hidden ${tag}`, "Hidden");
    await share(stranger.client, `Stranger tip ${tag}`);

    expect(await followingList(reader.client)).toEqual({ titles: [], total: 0 });
    await follow(reader.client, followed.handle);
    expect(await followingList(reader.client)).toEqual({ titles: [`Followed tip ${tag}`], total: 1 });
    // Their next tip is there at once: the list follows the tips as much as the follows.
    await share(followed.client, `Followed later ${tag}`);
    expect((await followingList(reader.client)).titles).toEqual([
      `Followed later ${tag}`,
      `Followed tip ${tag}`,
    ]);
    // Filters and search apply within it.
    expect((await followingList(reader.client, `&q=${encodeURIComponent(`later ${tag}`)}`)).titles).toEqual([
      `Followed later ${tag}`,
    ]);
    // Another member's Following list is their own.
    expect(await followingList(stranger.client)).toEqual({ titles: [], total: 0 });

    await unfollow(reader.client, followed.handle);
    expect(await followingList(reader.client)).toEqual({ titles: [], total: 0 });
  });

  it("is refused to a visitor, and cannot be mixed with a member's own list by e-mail", async () => {
    const visitor = await createClient(app.app).get("/api/tips?following=true");
    expect(visitor.status).toBe(401);
    expect(ApiErrorSchema.parse(visitor.body).message).toBe(
      "Sign in to see the tips of gardeners you follow",
    );
    const member = await signedInMember(app);
    const mixed = await member.client.get(
      `/api/tips?following=true&email=${encodeURIComponent(member.account.email)}`,
    );
    expect(mixed.status).toBe(400);
    const wrong = await member.client.get("/api/tips?following=yes");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('following must be \\"true\\" or \\"false\\"');
    // following=false is the ordinary public list.
    expect((await createClient(app.app).get("/api/tips?following=false")).status).toBe(200);
  });
});
