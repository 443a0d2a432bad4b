import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorSchema } from "#shared/schemas/common.ts";
import { ReportSchema } from "#shared/schemas/moderation.ts";
import { UploadedPhotoSchema } from "#shared/schemas/upload.ts";
import { photos, reports, tips } from "../../db/schema.ts";
import { createClient } from "../../test/http-client.ts";
import { signedInMember } from "../../test/members.ts";
import {
  caseInQueue,
  commentOn,
  handleOf,
  memberWithRole,
  postReport,
  queueItemAbout,
  reportBy,
  type TestApp,
  tipBy,
  waitForMail,
} from "../../test/moderation-fixtures.ts";
import { photoForm, smallPng } from "../../test/photo-fixtures.ts";
import { createTestApp } from "../../test/test-db.ts";

/** Members report what they see (ADR 040): who may, what, how often, and what they are told. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { RATE_LIMIT: false } });
});
afterAll(() => app.close());

const ReportsSchema = z.array(ReportSchema);

describe("reporting", () => {
  it("a verified member reports a comment once: a second report answers the first, and their list shows it open", async () => {
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const tip = await tipBy(author.client);
    const comment = await commentOn(author.client, tip._id);
    const body = {
      targetType: "comment",
      targetId: comment._id,
      reason: "spam",
      note: "  Advertising\na shop ",
    };

    const first = await reporter.client.post("/api/reports", body, { schema: ReportSchema });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      targetType: "comment",
      targetId: comment._id,
      reason: "spam",
      note: "Advertising\na shop",
      status: "open",
      outcome: null,
      decidedAt: null,
      item: { label: "Buy cheap seeds at my shop", path: `/tips/${tip._id}` },
    });
    expect(first.body).not.toHaveProperty("alreadyReported");
    const again = await reporter.client.post(
      "/api/reports",
      { ...body, reason: "other" },
      { schema: ReportSchema },
    );
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    expect(again.body.alreadyReported).toBe(true);
    expect(again.body.reason).toBe("spam");

    const mine = await reporter.client.get("/api/reports/mine", { schema: ReportsSchema });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([first.body]);
    // Nobody else sees it.
    const other = await signedInMember(app);
    expect((await other.client.get("/api/reports/mine", { schema: ReportsSchema })).body).toEqual([]);
  });

  it("names the item as the reporter saw it, in their list and e-mail, after it is hidden, changed or gone", async () => {
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const tip = await tipBy(author.client, { title: "Reported tip" });
    const long = `${"Cheap seeds and bulbs ".repeat(6)}at my shop`;
    const comment = await commentOn(author.client, tip._id, long);
    const filed = await postReport(reporter.client, {
      targetType: "comment",
      targetId: comment._id,
      reason: "spam",
    });
    expect(filed.status).toBe(201);
    const label = `${long.slice(0, 79)}…`;
    expect(filed.body).toMatchObject({ item: { label, path: `/tips/${tip._id}` } });
    const onTip = await postReport(reporter.client, {
      targetType: "tip",
      targetId: tip._id,
      reason: "off-topic",
    });
    expect(onTip.body).toMatchObject({ item: { label: "Reported tip", path: `/tips/${tip._id}` } });

    // A moderator removes the comment: the list keeps its words, without a link to what is gone.
    const mod = (await memberWithRole(app, "moderator")).client;
    const waiting = await queueItemAbout(mod, comment._id);
    const before = app.mailer.sent.length;
    expect(
      (
        await mod.post(`/api/moderation/queue/${waiting?._id}/decision`, {
          action: "delete",
          reason: "An advert",
        })
      ).status,
    ).toBe(200);
    const mine = await reporter.client.get("/api/reports/mine", { schema: ReportsSchema });
    expect(mine.body.find((r) => "_id" in filed.body && r._id === filed.body._id)?.item).toEqual({
      label,
      path: null,
    });
    const [told] = await waitForMail(app, reporter.account.email.toLowerCase(), { since: before });
    expect(told?.text).toContain(`Thank you for reporting the comment “${label}”. We removed it.`);
  });

  it("takes a tip, a gardener by handle and an uploaded photo by address or hash", async () => {
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const tip = await tipBy(author.client);
    const handle = await handleOf(app, author.id);
    const uploaded = await author.client.postForm(
      "/api/uploads",
      photoForm(await smallPng(3), "p.png", "image/png"),
      {
        schema: UploadedPhotoSchema,
      },
    );
    expect(uploaded.status).toBe(201);
    const hash = uploaded.body.hash;

    await reportBy(reporter, "tip", tip._id, "off-topic");
    const onPage = await postReport(reporter.client, {
      targetType: "gardener",
      targetId: handle.toUpperCase(),
      reason: "rude or harassing",
    });
    expect(onPage.status).toBe(201);
    expect(onPage.body).toMatchObject({ targetType: "gardener", targetId: handle });
    const onPhoto = await postReport(reporter.client, {
      targetType: "photo",
      targetId: uploaded.body.url,
      reason: "copyright",
    });
    expect(onPhoto.status).toBe(201);
    expect(onPhoto.body).toMatchObject({ targetType: "photo", targetId: hash });
    // The same photo named by its hash is the same report.
    const byHash = await postReport(reporter.client, {
      targetType: "photo",
      targetId: hash,
      reason: "copyright",
    });
    expect(byHash.status).toBe(200);

    const mine = await reporter.client.get("/api/reports/mine", { schema: ReportsSchema });
    expect(mine.body.map((row) => row.targetType)).toEqual(["photo", "gardener", "tip"]);
  });

  it("takes a photo of a site that holds many, and the moderators' queue shows that photo", async () => {
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const moderator = await memberWithRole(app, "moderator");
    const upload = async (seed: number) =>
      (
        await author.client.postForm("/api/uploads", photoForm(await smallPng(seed), "p.png", "image/png"), {
          schema: UploadedPhotoSchema,
        })
      ).body;
    await upload(41);
    const reported = await upload(42);
    const filed = await postReport(reporter.client, {
      targetType: "photo",
      targetId: reported.url,
      reason: "copyright",
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const item = await caseInQueue(moderator.client, reported.hash);
    expect(item.item).toMatchObject({ gone: false, image: reported.url });
  });

  it("takes a photo whose uploaders have all left, as the photo of the member whose tip shows it", async () => {
    // Kept by the move to photo records for a photo a tip still showed after its uploader left.
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const tip = await tipBy(author.client);
    const hash = "a".repeat(31) + "b";
    await app.db.insert(photos).values({ hash, storageKey: `${hash}-800x600.webp`, width: 800, height: 600 });
    await app.db.update(tips).set({ photoHash: hash }).where(eq(tips.id, tip._id));

    const onPhoto = await postReport(reporter.client, {
      targetType: "photo",
      targetId: hash,
      reason: "spam",
    });
    expect(onPhoto.status).toBe(201);
    const [stored] = await app.db
      .select({ authorId: reports.authorId })
      .from(reports)
      .where(eq(reports.id, ReportSchema.parse(onPhoto.body)._id));
    expect(stored?.authorId).toBe(author.id);
    // Its "owner" reporting it is reporting their own.
    const own = await postReport(author.client, { targetType: "photo", targetId: hash, reason: "spam" });
    expect(own.status).toBe(422);
  });

  it("refuses a visitor, an unverified account, what the reporter cannot see, their own, and bad fields", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const privateTip = await tipBy(author.client, { availability: "Private" });
    const body = { targetType: "tip", targetId: tip._id, reason: "spam" };

    expect((await postReport(createClient(app.app), body)).status).toBe(401);
    const unverified = await signedInMember(app, { verified: false });
    const refused = await postReport(unverified.client, body);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/Verify your e-mail/) });

    const reporter = await signedInMember(app);
    for (const [targetType, targetId] of [
      ["tip", privateTip._id],
      ["tip", "00000000-0000-4000-8000-000000000000"],
      ["tip", "not-an-id"],
      ["comment", tip._id],
      ["gardener", "nobody_has_this"],
      ["photo", "https://elsewhere.example.com/cat.jpg"],
      ["photo", "0123456789abcdef0123456789abcdef"],
    ]) {
      const res = await postReport(reporter.client, { targetType, targetId, reason: "spam" });
      expect(res.status, `${targetType} ${targetId}`).toBe(404);
    }
    const own = await postReport(author.client, body);
    expect(own.status).toBe(422);
    expect(own.body).toMatchObject({ message: expect.stringMatching(/your own/) });
    const ownPage = await postReport(author.client, {
      targetType: "gardener",
      targetId: await handleOf(app, author.id),
      reason: "spam",
    });
    expect(ownPage.status).toBe(422);

    for (const [bad, field] of [
      [{ ...body, targetType: "user" }, "targetType"],
      [{ ...body, reason: "ugly" }, "reason"],
      [{ ...body, reason: undefined }, "reason"],
      [{ ...body, targetId: " " }, "targetId"],
      [{ ...body, note: "x".repeat(1001) }, "note"],
      [{ ...body, note: "a\u0007b" }, "note"],
    ] as const) {
      const res = await reporter.client.post("/api/reports", bad, { schema: ApiErrorSchema });
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.body.issues?.map((issue) => issue.path)).toEqual([field]);
    }
    expect((await reporter.client.get("/api/reports/mine", { schema: ReportsSchema })).body).toEqual([]);
  });

  it("allows 10 reports a day, then says when the next can go; a repeat of an open one still answers", async () => {
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const tip = await tipBy(author.client);
    const comments = [];
    for (let i = 0; i < 11; i++)
      comments.push(await commentOn(author.client, tip._id, `Comment number ${i}`));
    for (const comment of comments.slice(0, 10)) await reportBy(reporter, "comment", comment._id);
    const eleventh = await postReport(reporter.client, {
      targetType: "comment",
      targetId: comments[10]?._id,
      reason: "spam",
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ message: expect.stringMatching(/at most 10 reports a day/) });
    const retryAfter = Number(eleventh.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const repeat = await postReport(reporter.client, {
      targetType: "comment",
      targetId: comments[0]?._id,
      reason: "spam",
    });
    expect(repeat.status).toBe(200);

    // Ten at once from a fresh member: exactly ten are filed, never eleven.
    const burst = await signedInMember(app);
    const statuses = await Promise.all(
      comments.map((comment) =>
        postReport(burst.client, { targetType: "comment", targetId: comment._id, reason: "spam" }),
      ),
    );
    expect(statuses.filter((res) => res.status === 201)).toHaveLength(10);
    expect(statuses.filter((res) => res.status === 429)).toHaveLength(1);
  });

  it("counts an established member's report (older than 30 days with 5 public tips), and nobody else's", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const newcomer = await signedInMember(app, { ageHours: 48 });
    const elder = await signedInMember(app, { ageHours: 31 * 24 });
    const elderWithoutTips = await signedInMember(app, { ageHours: 31 * 24 });
    for (let i = 0; i < 5; i++) await tipBy(elder.client);
    const weights: Record<string, number> = {};
    for (const [name, member] of Object.entries({ newcomer, elder, elderWithoutTips })) {
      const res = await postReport(member.client, { targetType: "tip", targetId: tip._id, reason: "spam" });
      expect(res.status).toBe(201);
      const [row] = await app.db
        .select({ weight: reports.weight })
        .from(reports)
        .where(eq(reports.reporterId, member.id));
      weights[name] = row?.weight ?? 0;
    }
    expect(weights).toEqual({ newcomer: 0, elder: 2, elderWithoutTips: 0 });
  });

  it("pages a member's reports with a cursor and refuses a malformed one", async () => {
    const author = await signedInMember(app);
    const reporter = await signedInMember(app);
    const tips = [await tipBy(author.client), await tipBy(author.client), await tipBy(author.client)];
    for (const tip of tips)
      await postReport(reporter.client, { targetType: "tip", targetId: tip._id, reason: "other" });
    const page = await reporter.client.get("/api/reports/mine?limit=2", { schema: ReportsSchema });
    expect(page.body.map((row) => row.targetId)).toEqual([tips[2]?._id, tips[1]?._id]);
    const cursor = page.headers.get("X-Next-Cursor");
    const next = await reporter.client.get(`/api/reports/mine?limit=2&cursor=${cursor}`, {
      schema: ReportsSchema,
    });
    expect(next.body.map((row) => row.targetId)).toEqual([tips[0]?._id]);
    expect(next.headers.get("X-Next-Cursor")).toBeNull();
    const bad = await reporter.client.get("/api/reports/mine?cursor=zzz", { schema: ApiErrorSchema });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.map((issue) => issue.path)).toEqual(["cursor"]);
  });
});
