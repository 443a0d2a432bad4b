import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ACCOUNT_ON_HOLD, REVIEW_ALREADY_ASKED } from "#shared/constants.ts";
import { CommentSchema } from "#shared/schemas/comment.ts";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { ProfileSchema } from "#shared/schemas/gardener.ts";
import { LogEntrySchema } from "#shared/schemas/moderation.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { photoHolds } from "../../db/schema.ts";
import { createClient, newTip } from "../../test/http-client.ts";
import { establishedMember, signedInMember } from "../../test/members.ts";
import {
  commentOn,
  handleOf,
  hiddenFrom,
  moderationTestApp,
  reportBy,
  tipBy,
} from "../../test/moderation-fixtures.ts";
import { photoForm, smallPng } from "../../test/photo-fixtures.ts";

/**
 * What reports do before anyone decides (ADR 041): an item whose reports weigh enough is hidden pending
 * review, a moderator's report hides at once, spam reports from three members put the account on hold;
 * everyone but the author sees a placeholder, and the author may change the item once to ask for it back.
 */
const { app, moderator } = moderationTestApp();

const visitor = () => createClient(app.app);
const Tips = z.array(TipSchema);
const Comments = z.array(CommentSchema);
const Log = z.array(LogEntrySchema);

/** Members whose reports count (ADR 049): established, each at an address of their own. */
const members = (n: number) => Promise.all(Array.from({ length: n }, () => establishedMember(app)));

/** The moderation log's entries about one item, oldest first, as a moderator reads them. */
async function logAbout(targetId: string) {
  const res = await moderator.client.get("/api/moderation/log?limit=50", { schema: Log });
  expect(res.status).toBe(200);
  return res.body.filter((entry) => entry.target.id === targetId).reverse();
}

describe("hiding what members report", () => {
  it("hides a tip once its reports weigh 4 from two or more members; its author still reads it, with why", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const reporters = await members(2);
    // A new member's reports count for nothing (ADR 049), however many.
    for (const newcomer of [await signedInMember(app), await signedInMember(app)])
      await reportBy(newcomer, "tip", tip._id, "rude or harassing");
    await reportBy(reporters[0] as (typeof reporters)[number], "tip", tip._id, "off-topic");
    // Weighing 2: still shown to everyone.
    expect((await visitor().get(`/api/tips/${tip._id}`)).status).toBe(200);

    await reportBy(reporters[1] as (typeof reporters)[number], "tip", tip._id, "off-topic");
    expect(await hiddenFrom(visitor(), `/api/tips/${tip._id}`)).toBe(true);
    expect(await hiddenFrom(visitor(), `/api/tips/${tip._id}/comments`)).toBe(true);
    expect(
      await hiddenFrom((reporters[0] as (typeof reporters)[number]).client, `/api/tips/${tip._id}`),
    ).toBe(true);
    const listed = await visitor().get(`/api/tips?q=${encodeURIComponent(tip.title)}`, { schema: Tips });
    expect(listed.body.map((t) => t._id)).not.toContain(tip._id);
    const onPage = await visitor().get(`/api/gardeners/${tip.authorHandle}/tips`, { schema: Tips });
    expect(onPage.body.map((t) => t._id)).not.toContain(tip._id);
    const like = await (reporters[0] as (typeof reporters)[number]).client.post(`/api/tips/${tip._id}/like`);
    expect(like.status).toBe(404);

    const own = await author.client.get(`/api/tips/${tip._id}`, { schema: TipSchema });
    expect(own.status).toBe(200);
    expect(own.body.hold).toEqual({ reason: "off-topic", onAccount: false, reviewAskedAt: null });
    const mine = await author.client.get(`/api/tips?email=${encodeURIComponent(author.account.email)}`, {
      schema: Tips,
    });
    expect(mine.body.find((t) => t._id === tip._id)?.hold?.reason).toBe("off-topic");

    const log = await logAbout(tip._id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor: { name: "system" },
      action: "hide",
      target: { type: "tip", id: tip._id },
      reason: "Reports weighing 4 from 2 members (off-topic)",
      before: { hidden: false },
      after: { hidden: true, reason: "off-topic" },
    });
  });

  it("two established members' reports (2 each) are enough; one member's never are", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const [first, second] = await members(2);
    await reportBy(first as NonNullable<typeof first>, "tip", tip._id, "rude or harassing");
    // One member weighing 2 hides nothing, whoever they are.
    expect((await visitor().get(`/api/tips/${tip._id}`)).status).toBe(200);
    await reportBy(second as NonNullable<typeof second>, "tip", tip._id, "rude or harassing");
    expect(await hiddenFrom(visitor(), `/api/tips/${tip._id}`)).toBe(true);
    const own = await author.client.get(`/api/tips/${tip._id}`, { schema: TipSchema });
    expect(own.body.hold?.reason).toBe("rude or harassing");
  });

  it("a moderator's report hides at once, for its reason", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    await reportBy(moderator, "tip", tip._id, "copyright");
    expect(await hiddenFrom(visitor(), `/api/tips/${tip._id}`)).toBe(true);
    const own = await author.client.get(`/api/tips/${tip._id}`, { schema: TipSchema });
    expect(own.body.hold).toEqual({ reason: "copyright", onAccount: false, reviewAskedAt: null });
    expect((await logAbout(tip._id)).map((entry) => entry.reason)).toEqual([
      "Reported by a moderator (copyright)",
    ]);
  });

  it("reports arriving together are weighed together: the item is hidden once", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const reporters = await members(2);
    await Promise.all(reporters.map((reporter) => reportBy(reporter, "tip", tip._id, "illegal")));
    expect(await hiddenFrom(visitor(), `/api/tips/${tip._id}`)).toBe(true);
    expect((await logAbout(tip._id)).map((entry) => entry.action)).toEqual(["hide"]);
  });

  it("keeps a comment on hold in its thread as a placeholder; its author reads it and may change it once", async () => {
    const tipAuthor = await signedInMember(app);
    const tip = await tipBy(tipAuthor.client);
    const spammer = await signedInMember(app);
    const comment = await commentOn(spammer.client, tip._id);
    const reply = await tipAuthor.client.post(
      `/api/tips/${tip._id}/comments`,
      { body: "Please stop", replyTo: comment._id },
      { schema: CommentSchema },
    );
    expect(reply.status).toBe(201);
    await reportBy(moderator, "comment", comment._id, "spam");

    for (const reader of [visitor(), tipAuthor.client]) {
      const thread = await reader.get(`/api/tips/${tip._id}/comments`, { schema: Comments });
      expect(thread.status).toBe(200);
      const placeholder = thread.body.find((c) => c._id === comment._id);
      expect(placeholder).toMatchObject({ hidden: true, body: "", author: null, canEdit: false });
      expect(placeholder?.hold).toBeUndefined();
      // The thread keeps its shape: the reply is still there, under it.
      expect(thread.body.find((c) => c._id === reply.body._id)?.body).toBe("Please stop");
    }
    const own = await spammer.client.get(`/api/tips/${tip._id}/comments`, { schema: Comments });
    const mine = own.body.find((c) => c._id === comment._id);
    expect(mine).toMatchObject({ hidden: true, body: comment.body, canEdit: true });
    expect(mine?.hold).toEqual({ reason: "spam", onAccount: false, reviewAskedAt: null });

    const edit = await spammer.client.patch(
      `/api/comments/${comment._id}`,
      { body: "Sorry, here is my real advice: water early" },
      { schema: CommentSchema },
    );
    expect(edit.status).toBe(200);
    expect(edit.body.hold?.reviewAskedAt).toEqual(expect.any(String));
    expect(edit.body.canEdit).toBe(false);
    // Still hidden: a moderator decides.
    const after = await visitor().get(`/api/tips/${tip._id}/comments`, { schema: Comments });
    expect(after.body.find((c) => c._id === comment._id)).toMatchObject({ hidden: true, body: "" });
    const again = await spammer.client.patch(
      `/api/comments/${comment._id}`,
      { body: "One more change" },
      { schema: ApiErrorSchema },
    );
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(REVIEW_ALREADY_ASKED);
  });

  it("spam reports from three members on anything an account posted put the account on hold", async () => {
    const spammer = await signedInMember(app);
    const tip = await tipBy(spammer.client);
    const quiet = await tipBy(spammer.client);
    const host = await signedInMember(app);
    const hostTip = await tipBy(host.client);
    const comment = await commentOn(spammer.client, hostTip._id);
    const [a, b, c] = await members(3);
    await reportBy(a as NonNullable<typeof a>, "tip", tip._id);
    await reportBy(b as NonNullable<typeof b>, "comment", comment._id);
    // Two members: nothing is hidden yet (the tip weighs 2 from one member, the comment too).
    expect((await visitor().get(`/api/tips/${tip._id}`)).status).toBe(200);
    // A third member's report of another kind does not count towards it.
    await reportBy(c as NonNullable<typeof c>, "tip", quiet._id, "off-topic");
    expect((await visitor().get(`/api/tips/${quiet._id}`)).status).toBe(200);
    const d = await establishedMember(app);
    await reportBy(d, "tip", quiet._id, "spam");

    // All of it hidden, the tip nobody reported for spam and the gardener page too.
    expect(await hiddenFrom(visitor(), `/api/tips/${tip._id}`)).toBe(true);
    expect(await hiddenFrom(visitor(), `/api/tips/${quiet._id}`)).toBe(true);
    expect(await hiddenFrom(visitor(), `/api/gardeners/${tip.authorHandle}`)).toBe(true);
    const thread = await visitor().get(`/api/tips/${hostTip._id}/comments`, { schema: Comments });
    expect(thread.body.find((x) => x._id === comment._id)).toMatchObject({ hidden: true, body: "" });

    // The account may not post, and knows why.
    const session = await spammer.client.get("/api/auth/get-session");
    expect((session.body as { user: { held: boolean } }).user.held).toBe(true);
    for (const res of [
      await spammer.client.post("/api/tips", newTip("Another"), { schema: ApiErrorSchema }),
      await spammer.client.post(
        `/api/tips/${hostTip._id}/comments`,
        { body: "More" },
        { schema: ApiErrorSchema },
      ),
      await spammer.client.put(`/api/tips/${tip._id}`, newTip("Changed"), { schema: ApiErrorSchema }),
      await spammer.client.post("/api/reports", { targetType: "tip", targetId: hostTip._id, reason: "spam" }),
    ]) {
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toBe(ACCOUNT_ON_HOLD);
    }
    const own = await spammer.client.get(`/api/tips/${quiet._id}`, { schema: TipSchema });
    expect(own.body.hold).toEqual({ reason: "spam", onAccount: true, reviewAskedAt: null });
    const profile = await spammer.client.get("/api/profile", { schema: ProfileSchema });
    expect(profile.body.hold).toMatchObject({ reason: "spam", onAccount: true });

    const log = await logAbout(spammer.id);
    expect(log.map((entry) => [entry.action, entry.reason])).toEqual([
      ["hold_account", "Spam reports from 3 members"],
    ]);
  });
});

describe("gardener pages and photos on hold", () => {
  it("a page on hold is a placeholder for everyone; the member reads why and may change it once", async () => {
    const member = await signedInMember(app);
    await tipBy(member.client);
    const handle = await handleOf(app, member.id);
    await reportBy(moderator, "gardener", handle, "rude or harassing");
    expect(await hiddenFrom(visitor(), `/api/gardeners/${handle}`)).toBe(true);
    expect(await hiddenFrom(member.client, `/api/gardeners/${handle}/tips`)).toBe(true);
    const gardeners = await visitor().get("/api/gardeners?limit=100");
    expect(JSON.stringify(gardeners.body)).not.toContain(`"${handle}"`);

    const profile = await member.client.get("/api/profile", { schema: ProfileSchema });
    expect(profile.body.hold).toEqual({ reason: "rude or harassing", onAccount: false, reviewAskedAt: null });
    const changed = await member.client.patch(
      "/api/profile",
      { bio: "Gardening, kindly." },
      { schema: ProfileSchema },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.hold?.reviewAskedAt).toEqual(expect.any(String));
    const again = await member.client.patch("/api/profile", { bio: "Again" }, { schema: ApiErrorSchema });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(REVIEW_ALREADY_ASKED);
    expect(await hiddenFrom(visitor(), `/api/gardeners/${handle}`)).toBe(true);
  });

  it("a photo on hold is refused at once, served to its uploader only, and kept out of shared caches", async () => {
    const uploader = await signedInMember(app);
    const form = photoForm(await smallPng(5), "held.png", "image/png");
    const uploaded = await uploader.client.postForm("/api/uploads", form, { schema: UploadedPhotoSchema });
    expect(uploaded.status).toBe(201);
    const path = new URL(uploaded.body.url).pathname;
    expect((await visitor().get(path)).status).toBe(200);
    await reportBy(moderator, "photo", uploaded.body.url, "copyright");
    const hash = uploaded.body.hash;
    expect(hash).not.toBe("");

    // From the moment the report that holds it is answered.
    expect((await visitor().get(path)).status).toBe(404);
    expect(await hiddenFrom(visitor(), path)).toBe(true);
    const other = await signedInMember(app);
    expect((await other.client.get(path)).status).toBe(404);
    const own = await uploader.client.get(path);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");

    // Another instance's hold (here written straight to the database) is refused as soon as it commits.
    const second = await uploader.client.postForm(
      "/api/uploads",
      photoForm(await smallPng(6), "b.png", "image/png"),
      {
        schema: UploadedPhotoSchema,
      },
    );
    const secondPath = new URL(second.body.url).pathname;
    expect((await visitor().get(secondPath)).status).toBe(200);
    await app.db.insert(photoHolds).values({ hash: second.body.hash, reason: "copyright" });
    await app.publicCache.settled();
    expect((await visitor().get(secondPath)).status).toBe(404);
  });
});
