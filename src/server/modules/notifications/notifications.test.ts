import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { NotificationSchema, UnreadCountSchema } from "#shared/schemas/notification.ts";
import { bookmarks, comments, notifications, tipLikes, tips, users } from "../../db/schema.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import {
  caseInQueue,
  commentOn,
  handleOf,
  memberWithRole,
  reportBy,
  settleCase,
  tipBy,
} from "../../test/moderation-fixtures.ts";
import { createTestApp } from "../../test/test-db.ts";
import { sendDueReminders } from "../bookmarks/bookmarks.service.ts";

/**
 * What the site tells a member, as their client reads it: who is told of what, how likes and follows
 * group and ungroup, what is withdrawn, the kept unread count, and reminders sent exactly once.
 */
let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(async () => {
  await app.close();
});

const MONTH_HOURS = 24 * 30;

/** A member a month old: what they do is not from a new member. */
async function member(name: string, { ageHours = MONTH_HOURS } = {}) {
  const m = await signedInMember(app, { name, ageHours });
  return { ...m, handle: await handleOf(app, m.id) };
}

async function listOf(as: TestClient, query = "") {
  const res = await as.get(`/api/notifications${query}`, { schema: z.array(NotificationSchema) });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function countOf(as: TestClient) {
  const res = await as.get("/api/notifications/unread-count", { schema: UnreadCountSchema });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const like = (as: TestClient, tipId: string) => as.post(`/api/tips/${tipId}/like`);

describe("who is told of what", () => {
  it("tells a tip's author of a comment, and a comment's author of a reply, never of their own", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const cai = await member("Cai");
    const tip = await tipBy(rosa.client, { title: "Water at dawn" });
    const first = await commentOn(ben.client, tip._id, "Does dusk work too?");
    await commentOn(rosa.client, tip._id, "My own comment tells nobody");

    const [comment] = await listOf(rosa.client);
    expect(comment).toMatchObject({
      kind: "comment",
      read: false,
      actorCount: 1,
      actors: [{ name: ben.account.name, handle: ben.handle }],
      tip: { _id: tip._id, title: "Water at dawn" },
      comment: { _id: first._id, excerpt: "Does dusk work too?" },
      path: `/tips/${tip._id}#comment-${first._id}`,
      fromNewcomer: false,
    });
    expect(await countOf(rosa.client)).toEqual({ count: 1, fromNewcomers: 0 });

    // Cai answers Ben's comment: Ben hears of a reply, Rosa of a comment on her tip.
    const reply = await cai.client.post(`/api/tips/${tip._id}/comments`, {
      body: "Dusk invites slugs.",
      replyTo: first._id,
    });
    expect(reply.status, reply.text).toBe(201);
    expect((await listOf(ben.client)).map((n) => [n.kind, n.actors[0]?.handle])).toEqual([
      ["reply", cai.handle],
    ]);
    expect((await listOf(rosa.client)).map((n) => [n.kind, n.actors[0]?.handle])).toEqual([
      ["comment", cai.handle],
      ["comment", ben.handle],
    ]);
    expect(await listOf(cai.client)).toEqual([]);
  });

  it("groups likes on a tip while unread, newest first, and starts anew once they are read", async () => {
    const rosa = await member("Rosa");
    const likers = [await member("Ana"), await member("Ben"), await member("Cai"), await member("Dee")];
    const tip = await tipBy(rosa.client, { title: "Grouped likes" });
    for (const liker of likers.slice(0, 3)) expect((await like(liker.client, tip._id)).status).toBe(200);
    await like(rosa.client, tip._id);

    let [group, ...rest] = await listOf(rosa.client);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ kind: "like", actorCount: 3, tip: { title: "Grouped likes" } });
    expect(group?.actors.map((a) => a.handle)).toEqual([
      likers[2]?.handle,
      likers[1]?.handle,
      likers[0]?.handle,
    ]);
    expect(await countOf(rosa.client)).toEqual({ count: 1, fromNewcomers: 0 });

    // A like taken back leaves the group; the last one out withdraws it.
    await likers[1]?.client.delete(`/api/tips/${tip._id}/like`);
    [group] = await listOf(rosa.client);
    expect(group?.actorCount).toBe(2);

    // Read, the group stays as it was read; the next like starts a new one.
    const read = await rosa.client.post(
      "/api/notifications/read",
      { ids: [group?._id] },
      { schema: UnreadCountSchema },
    );
    expect(read.body).toEqual({ count: 0, fromNewcomers: 0 });
    await like(likers[3]?.client as TestClient, tip._id);
    const after = await listOf(rosa.client);
    expect(after.map((n) => [n.read, n.actorCount])).toEqual([
      [false, 1],
      [true, 2],
    ]);

    // Past 12 hours a like starts a new group too.
    await app.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '13 hours'` })
      .where(eq(notifications.id, after[0]?._id ?? ""));
    await like(likers[1]?.client as TestClient, tip._id);
    expect((await listOf(rosa.client)).map((n) => n.actorCount)).toEqual([1, 1, 2]);
    expect(await countOf(rosa.client)).toEqual({ count: 2, fromNewcomers: 0 });

    // Every like taken back: the unread groups go, the count with them.
    for (const liker of likers) await liker.client.delete(`/api/tips/${tip._id}/like`);
    expect((await listOf(rosa.client)).map((n) => n.read)).toEqual([true]);
    expect(await countOf(rosa.client)).toEqual({ count: 0, fromNewcomers: 0 });
  });

  it("groups new followers, and tells followers of a gardener's new public tip, not of a private one", async () => {
    const rosa = await member("Rosa");
    const fans = [await member("Ana"), await member("Ben")];
    for (const fan of fans)
      expect((await fan.client.put(`/api/gardeners/${rosa.handle}/follow`, {})).status).toBe(200);
    const [follows] = await listOf(rosa.client);
    expect(follows).toMatchObject({ kind: "follow", actorCount: 2, path: `/gardeners/${fans[1]?.handle}` });

    await tipBy(rosa.client, { title: "Kept to myself", availability: "Private" });
    const shared = await tipBy(rosa.client, { title: "For my followers" });
    for (const fan of fans) {
      const told = await listOf(fan.client);
      expect(told.map((n) => [n.kind, n.tip?.title, n.actors[0]?.handle])).toEqual([
        ["new_tip", "For my followers", rosa.handle],
      ]);
      expect(told[0]?.path).toBe(`/tips/${shared._id}`);
    }
    // Unfollowed: the unread follow group loses them.
    await fans[0]?.client.delete(`/api/gardeners/${rosa.handle}/follow`);
    expect((await listOf(rosa.client))[0]?.actorCount).toBe(1);
  });
});

/** Rosa's tip, liked by Ben and then Cai: one group of two. */
async function tipLikedByTwo() {
  const [rosa, ben, cai] = [await member("Rosa"), await member("Ben"), await member("Cai")];
  const tip = await tipBy(rosa.client);
  for (const liker of [ben, cai]) expect((await like(liker.client, tip._id)).status).toBe(200);
  return { rosa, ben, cai, tip };
}

describe("a comment that names members", () => {
  it("tells each member named by @handle once, not one told already, and an edit only those newly named", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const cai = await member("Cai");
    const dee = await member("Dee");
    const eve = await member("Eve");
    const tip = await tipBy(rosa.client, { title: "Named in comments" });
    const body = `Ask @${cai.handle} and @${dee.handle.toUpperCase()}, or @${rosa.handle}; @${cai.handle} again. Not ${eve.handle}@example.com, nor example.com/@${eve.handle}, nor @nobody_at_all`;
    const named = await commentOn(ben.client, tip._id, body);

    for (const who of [cai, dee]) {
      const list = await listOf(who.client);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        kind: "mention",
        actors: [{ handle: ben.handle }],
        tip: { _id: tip._id, title: "Named in comments" },
        comment: { _id: named._id },
        path: `/tips/${tip._id}#comment-${named._id}`,
      });
      expect(await countOf(who.client)).toEqual({ count: 1, fromNewcomers: 0 });
    }
    // The tip's author hears of the comment once, as a comment; nobody hears of naming themself.
    expect((await listOf(rosa.client)).map((n) => n.kind)).toEqual(["comment"]);
    expect(await listOf(eve.client)).toEqual([]);
    expect(await listOf(ben.client)).toEqual([]);
    await commentOn(ben.client, tip._id, `Note to self, @${ben.handle}`);
    expect(await listOf(ben.client)).toEqual([]);

    // An edit that names Eve too tells Eve, and nobody twice.
    const edit = await ben.client.patch(`/api/comments/${named._id}`, {
      body: `${body}. And @${eve.handle}!`,
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await listOf(eve.client)).map((n) => [n.kind, n.comment?._id])).toEqual([["mention", named._id]]);
    expect(await listOf(cai.client)).toHaveLength(1);

    // A comment that stops showing takes its mentions with it.
    await app.db.update(comments).set({ hold: "spam" }).where(eq(comments.id, named._id));
    for (const who of [cai, dee, eve]) {
      expect(await listOf(who.client)).toEqual([]);
      expect(await countOf(who.client)).toEqual({ count: 0, fromNewcomers: 0 });
    }
  });
});

describe("what a member turned off", () => {
  it("makes nothing of a kind turned off in the site, and nothing about a muted tip until unmuted", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const cai = await member("Cai");
    const off = await rosa.client.patch("/api/settings", { mutedKinds: ["like", "new_tip", "like"] });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ mutedKinds: ["like", "new_tip"] });
    const tip = await tipBy(rosa.client, { title: "Quiet please" });
    await like(ben.client, tip._id);
    await tipBy(cai.client);
    expect((await rosa.client.put(`/api/gardeners/${cai.handle}/follow`, {})).status).toBe(200);
    await tipBy(cai.client, { title: "Cai's second" });
    await commentOn(ben.client, tip._id, "Still told of comments");
    expect((await listOf(rosa.client)).map((n) => n.kind)).toEqual(["comment"]);

    // Muted, the tip tells her nothing: not a comment, not a mention.
    const state = (muted: boolean) => ({ muted, mutedThreads: [] });
    expect((await rosa.client.get(`/api/tips/${tip._id}/mute`)).body).toEqual(state(false));
    for (let i = 0; i < 2; i++)
      expect((await rosa.client.put(`/api/tips/${tip._id}/mute`)).body).toEqual(state(true));
    expect((await rosa.client.get(`/api/tips/${tip._id}/mute`)).body).toEqual(state(true));
    await commentOn(ben.client, tip._id, `Hello @${rosa.handle}, again`);
    expect(await listOf(rosa.client)).toHaveLength(1);
    expect((await rosa.client.delete(`/api/tips/${tip._id}/mute`)).body).toEqual(state(false));
    await commentOn(cai.client, tip._id, "Heard again");
    expect((await listOf(rosa.client)).map((n) => n.comment?.excerpt)).toEqual([
      "Heard again",
      "Still told of comments",
    ]);

    // Only a tip one may see; a bad kind is refused and changes nothing.
    const hidden = await tipBy(ben.client, { availability: "Private" });
    for (const method of ["get", "put", "delete"] as const)
      expect((await rosa.client[method](`/api/tips/${hidden._id}/mute`)).status).toBe(404);
    expect((await rosa.client.put(`/api/tips/${tip._id}/mute`, {})).status).toBe(200);
    const bad = await rosa.client.patch("/api/settings", { mutedKinds: ["decision"] });
    expect(bad.status).toBe(400);
    expect((await rosa.client.get("/api/settings")).body).toMatchObject({ mutedKinds: ["like", "new_tip"] });
    expect((await createClient(app.app).put(`/api/tips/${tip._id}/mute`)).status).toBe(401);
  });
});

describe("a muted thread", () => {
  it("tells nothing more of its replies or mentions there, while the rest of the tip still does", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const cai = await member("Cai");
    const tip = await tipBy(ben.client, { title: "A long debate" });
    const root = await commentOn(rosa.client, tip._id, "Peat or no peat?");
    const reply = (as: TestClient, body: string, replyTo = root._id) =>
      as.post(`/api/tips/${tip._id}/comments`, { body, replyTo });
    expect((await reply(cai.client, "No peat, ever")).status).toBe(201);
    expect((await listOf(rosa.client)).map((n) => n.kind)).toEqual(["reply"]);
    const [first] = await listOf(rosa.client);

    // Muted from any comment of the thread; again is the same.
    for (let i = 0; i < 2; i++)
      expect((await rosa.client.put(`/api/comments/${first?.comment?._id}/mute`)).body).toEqual({
        muted: true,
        thread: root._id,
      });
    expect((await rosa.client.get(`/api/tips/${tip._id}/mute`)).body).toEqual({
      muted: false,
      mutedThreads: [root._id],
    });
    expect((await reply(cai.client, `Still no peat, @${rosa.handle}`)).status).toBe(201);
    expect((await reply(ben.client, "My tip, my peat")).status).toBe(201);
    expect(await listOf(rosa.client)).toHaveLength(1);
    // Another thread of the tip still tells her.
    const other = await commentOn(ben.client, tip._id, `@${rosa.handle} what do you use instead?`);
    expect((await listOf(rosa.client)).map((n) => [n.kind, n.comment?._id])).toEqual([
      ["mention", other._id],
      ["reply", first?.comment?._id],
    ]);

    // Unmuted, its replies come again; nobody else's state changed.
    expect((await rosa.client.delete(`/api/comments/${root._id}/mute`)).body).toEqual({
      muted: false,
      thread: root._id,
    });
    expect((await reply(cai.client, "Coir, then")).status).toBe(201);
    expect((await listOf(rosa.client))[0]?.comment?.excerpt).toBe("Coir, then");
    expect((await ben.client.get(`/api/tips/${tip._id}/mute`)).body).toEqual({
      muted: false,
      mutedThreads: [],
    });

    // Only a comment one may see; a visitor is asked to sign in.
    const secret = await tipBy(ben.client, { availability: "Private" });
    const hiddenComment = await commentOn(ben.client, secret._id, "Only I see this");
    for (const method of ["put", "delete"] as const) {
      expect((await rosa.client[method](`/api/comments/${hiddenComment._id}/mute`)).status).toBe(404);
      expect((await rosa.client[method]("/api/comments/not-an-id/mute")).status).toBe(404);
      expect((await createClient(app.app)[method](`/api/comments/${root._id}/mute`)).status).toBe(401);
    }
  });
});

describe("the moderators' word", () => {
  it("tells an author of a decision and each reporter of the outcome; seen there is read here, and back", async () => {
    const moderator = await memberWithRole(app, "moderator");
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const cai = await member("Cai");
    const hidden = await tipBy(rosa.client, { title: "Seeds for sale" });
    const kept = await tipBy(rosa.client, { title: "Honest tip" });
    for (const reporter of [ben, cai]) await reportBy(reporter, "tip", hidden._id);
    await reportBy(ben, "tip", kept._id);
    await settleCase(moderator.client, (await caseInQueue(moderator.client, hidden._id))._id, {
      action: "hide",
      reason: "Selling, not a tip",
    });
    await settleCase(moderator.client, (await caseInQueue(moderator.client, kept._id))._id, {
      action: "dismiss",
      reason: "A fair tip",
    });

    const decisions = await listOf(rosa.client);
    expect(decisions.map((n) => [n.kind, n.moderation?.action, n.moderation?.item, n.path])).toEqual([
      ["decision", "dismiss", { type: "tip", label: "Honest tip" }, "/reports#decisions"],
      ["decision", "hide", { type: "tip", label: "Seeds for sale" }, "/reports#decisions"],
    ]);
    expect(decisions.every((n) => n.actors.length === 0 && n.actorCount === 0)).toBe(true);
    expect(await countOf(rosa.client)).toEqual({ count: 2, fromNewcomers: 0 });
    expect((await listOf(ben.client)).map((n) => [n.kind, n.moderation?.action, n.path])).toEqual([
      ["outcome", "dismiss", "/reports#reported"],
      ["outcome", "hide", "/reports#reported"],
    ]);
    expect((await listOf(cai.client)).map((n) => [n.kind, n.moderation?.item.label])).toEqual([
      ["outcome", "Seeds for sale"],
    ]);

    // "Got it" on the decision's banner reads its notification; opening the other notification marks
    // its decision seen.
    const notices = z.array(z.object({ _id: z.string(), seen: z.boolean() }));
    const [first, second] = (await rosa.client.get("/api/moderation/notices", { schema: notices })).body;
    expect((await rosa.client.post(`/api/moderation/notices/${first?._id}/seen`)).status).toBe(204);
    expect(await countOf(rosa.client)).toEqual({ count: 1, fromNewcomers: 0 });
    const unread = (await listOf(rosa.client)).filter((n) => !n.read);
    expect(unread).toHaveLength(1);
    await rosa.client.post("/api/notifications/read", { ids: [unread[0]?._id] });
    expect((await rosa.client.get("/api/moderation/notices", { schema: notices })).body).toEqual([
      { ...first, seen: true },
      { ...second, seen: true },
    ]);
  });
});

describe("what is withdrawn", () => {
  it("withdraws a notification once its comment or tip is hidden or deleted, and the count follows", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const tip = await tipBy(rosa.client);
    const gone = await commentOn(ben.client, tip._id, "Soon deleted");
    const held = await commentOn(ben.client, tip._id, "Soon held");
    await like(ben.client, tip._id);
    expect(await countOf(rosa.client)).toEqual({ count: 3, fromNewcomers: 0 });

    expect((await ben.client.delete(`/api/comments/${gone._id}`)).status).toBe(204);
    await app.db.update(comments).set({ hold: "spam" }).where(eq(comments.id, held._id));
    expect((await listOf(rosa.client)).map((n) => n.kind)).toEqual(["like"]);
    expect(await countOf(rosa.client)).toEqual({ count: 1, fromNewcomers: 0 });

    await app.db.update(tips).set({ hold: "spam" }).where(eq(tips.id, tip._id));
    expect(await listOf(rosa.client)).toEqual([]);
    expect(await countOf(rosa.client)).toEqual({ count: 0, fromNewcomers: 0 });
  });

  it("hears nothing from a member one blocked, and blocking withdraws what they did", async () => {
    const { rosa, ben, cai, tip } = await tipLikedByTwo();
    await commentOn(ben.client, tip._id, "Before the block");
    expect((await rosa.client.post(`/api/blocks/${ben.handle}`, {})).status).toBeLessThan(300);
    const left = await listOf(rosa.client);
    expect(left.map((n) => [n.kind, n.actors.map((a) => a.handle)])).toEqual([["like", [cai.handle]]]);
    // A new like of theirs tells nothing.
    await ben.client.delete(`/api/tips/${tip._id}/like`);
    await like(ben.client, tip._id);
    expect((await listOf(rosa.client))[0]?.actorCount).toBe(1);
  });

  it("leaves out an account on hold: what it does tells nobody, and a hold takes it out of groups", async () => {
    const { rosa, ben, cai, tip } = await tipLikedByTwo();
    await app.db.update(users).set({ held: true }).where(eq(users.id, ben.id));
    const [group] = await listOf(rosa.client);
    expect(group?.actors.map((a) => a.handle)).toEqual([cai.handle]);
    // A like it gives while held tells nobody either.
    await app.db.delete(tipLikes).where(and(eq(tipLikes.userId, ben.id), eq(tipLikes.tipId, tip._id)));
    await app.db.insert(tipLikes).values({ userId: ben.id, tipId: tip._id });
    expect((await listOf(rosa.client)).map((n) => n.actors.map((a) => a.handle))).toEqual([[cai.handle]]);
    await app.db.update(users).set({ held: false }).where(eq(users.id, ben.id));
  });
});

describe("from new members", () => {
  it("lists what accounts younger than a week do apart, out of the bell's count, unless followed", async () => {
    const rosa = await member("Rosa");
    const fresh = await member("Fresh", { ageHours: 48 });
    const known = await member("Known", { ageHours: 48 });
    expect((await rosa.client.put(`/api/gardeners/${known.handle}/follow`, {})).status).toBe(200);
    const tip = await tipBy(rosa.client);
    await commentOn(fresh.client, tip._id, "Hello from a new account");
    await commentOn(known.client, tip._id, "Hello from one Rosa follows");
    expect(await countOf(rosa.client)).toEqual({ count: 1, fromNewcomers: 1 });
    expect((await listOf(rosa.client)).map((n) => n.actors[0]?.handle)).toEqual([known.handle]);
    const apart = await listOf(rosa.client, "?newcomers=true");
    expect(apart.map((n) => [n.fromNewcomer, n.actors[0]?.handle])).toEqual([[true, fresh.handle]]);
  });
});

describe("reading", () => {
  it("marks some or all read, ignores others' ids, pages by cursor, and refuses a visitor and bad input", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const other = await member("Other");
    const tip = await tipBy(rosa.client);
    for (let i = 0; i < 23; i++) await commentOn(ben.client, tip._id, `Comment ${i}`);
    const first = await rosa.client.get("/api/notifications", { schema: z.array(NotificationSchema) });
    expect(first.body).toHaveLength(20);
    const next = first.headers.get("x-next-cursor");
    const second = await listOf(rosa.client, `?cursor=${next}`);
    expect(second.map((n) => n.comment?.excerpt)).toEqual(["Comment 2", "Comment 1", "Comment 0"]);

    // Someone else's ids change nothing for them or for her.
    const theirs = await other.client.post("/api/notifications/read", { ids: [first.body[0]?._id] });
    expect(theirs.body).toEqual({ count: 0, fromNewcomers: 0 });
    expect(await countOf(rosa.client)).toEqual({ count: 23, fromNewcomers: 0 });
    const some = await rosa.client.post("/api/notifications/read", {
      ids: first.body.slice(0, 2).map((n) => n._id),
    });
    expect(some.body).toEqual({ count: 21, fromNewcomers: 0 });
    const all = await rosa.client.post("/api/notifications/read");
    expect(all.body).toEqual({ count: 0, fromNewcomers: 0 });
    expect((await listOf(rosa.client)).every((n) => n.read)).toBe(true);

    for (const body of [{ ids: [] }, { ids: ["nope"] }, { ids: "all" }]) {
      const res = await rosa.client.post("/api/notifications/read", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ["?cursor=nope", "?limit=0", "?newcomers=maybe"])
      expect((await rosa.client.get(`/api/notifications${query}`)).status, query).toBe(400);
    const visitor = createClient(app.app);
    for (const res of [
      await visitor.get("/api/notifications"),
      await visitor.get("/api/notifications/unread-count"),
      await visitor.post("/api/notifications/read"),
    ])
      expect(res.status).toBe(401);
  });
});

describe("a bookmark's reminder", () => {
  it("comes back once on its day, whichever of two servers' runs takes it, and not for a tip gone private", async () => {
    const rosa = await member("Rosa");
    const ben = await member("Ben");
    const tip = await tipBy(rosa.client, { title: "Prune in March" });
    const hidden = await tipBy(rosa.client, { title: "Soon private" });
    const day = Date.now() + 5 * 24 * 3_600_000;
    for (const id of [tip._id, hidden._id]) {
      const res = await ben.client.put(`/api/tips/${id}/bookmark`, { remindAt: new Date(day).toISOString() });
      expect(res.status, res.text).toBe(200);
    }
    expect(
      (await rosa.client.put(`/api/tips/${hidden._id}`, { ...hidden, availability: "Private" })).status,
    ).toBe(200);

    // The clock the test sets: a minute before the day, nothing; on it, once, however many runs at once.
    expect(await sendDueReminders(app.db, new Date(day - 60_000))).toBe(0);
    const runs = await Promise.all([
      sendDueReminders(app.db, new Date(day)),
      sendDueReminders(app.db, new Date(day)),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await sendDueReminders(app.db, new Date(day + 60_000))).toBe(0);

    const told = await listOf(ben.client);
    expect(told.map((n) => [n.kind, n.tip?.title, n.actorCount, n.path])).toEqual([
      ["reminder", "Prune in March", 0, `/tips/${tip._id}`],
    ]);
    const kept = await app.db.select().from(bookmarks).where(eq(bookmarks.userId, ben.id));
    expect(kept.every((row) => row.remindedAt?.getTime() === day)).toBe(true);
  });

  it("run for one member, as the browser tests' clock runs it, leaves everyone else's for their turn", async () => {
    const author = await member("Ivy");
    const [cal, dot] = [await member("Cal"), await member("Dot")];
    const tip = await tipBy(author.client, { title: "Lift the dahlias" });
    const day = Date.now() + 400 * 24 * 3_600_000;
    for (const who of [cal, dot])
      expect(
        (await who.client.put(`/api/tips/${tip._id}/bookmark`, { remindAt: new Date(day).toISOString() }))
          .status,
      ).toBe(200);
    expect(await sendDueReminders(app.db, new Date(day), cal.id)).toBe(1);
    expect((await listOf(cal.client)).map((n) => n.kind)).toEqual(["reminder"]);
    expect(await listOf(dot.client)).toEqual([]);
    expect(await sendDueReminders(app.db, new Date(day), dot.id)).toBe(1);
    expect((await listOf(dot.client)).map((n) => n.kind)).toEqual(["reminder"]);
  });
});
