import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { REMOVED_BY_MODERATORS } from "#shared/constants.ts";
import { CommentSchema } from "#shared/schemas/comment.ts";
import {
  DecisionSchema,
  LogEntrySchema,
  QueueCountSchema,
  QueueItemSchema,
  ReportSchema,
} from "#shared/schemas/moderation.ts";
import { TipSchema } from "#shared/schemas/tip.ts";
import { rowsOf } from "../../db/rows.ts";
import { users } from "../../db/schema.ts";
import { createClient, type TestClient } from "../../test/http-client.ts";
import { establishedMember, signedInMember } from "../../test/members.ts";
import {
  decideCase,
  hiddenFrom,
  memberWithRole,
  moderationTestApp,
  queueItemAbout,
  reportBy,
  tipBy,
} from "../../test/moderation-fixtures.ts";
import { endSuspensions } from "./releases.ts";

/** Moderators decide what members reported (ADR 042): the queue, each action, and two deciding at once. */
const { app, moderator } = moderationTestApp();

const visitor = () => createClient(app.app);
const Queue = z.array(QueueItemSchema);
const Reports = z.array(ReportSchema);
const Log = z.array(LogEntrySchema);

/** A report noted with its item, so the queue's notes say which report is which. */
const reportAbout = (member: { client: TestClient }, targetType: string, targetId: string, reason?: string) =>
  reportBy(member, targetType, targetId, reason, `About ${targetId}`);
const queueItemFor = (targetId: string) => queueItemAbout(moderator.client, targetId);
const decide = (caseId: string, body: Record<string, unknown>, client = moderator.client) =>
  decideCase(client, caseId, body);
/** Whether visitors get the placeholder: pending review while a case is open, removed once decided. */
const hiddenFromVisitors = (path: string, message?: string) => hiddenFrom(visitor(), path, message);

async function outcomesOf(member: { client: TestClient }, targetId: string) {
  const mine = await member.client.get("/api/reports/mine", { schema: Reports });
  return mine.body.filter((report) => report.targetId === targetId).map((r) => [r.status, r.outcome]);
}

describe("the moderation queue", () => {
  it("is for moderators: heaviest first, with the reports, the item and its author", async () => {
    const author = await signedInMember(app, { name: "Author" });
    const light = await tipBy(author.client);
    const heavy = await tipBy(author.client);
    // Two established members (their reports weigh 2) and a new one (whose report weighs nothing).
    const [a, b] = await Promise.all([establishedMember(app), establishedMember(app)]);
    const c = await signedInMember(app);
    await reportAbout(c, "tip", light._id, "off-topic");
    for (const member of [a, b])
      await reportAbout(member as NonNullable<typeof a>, "tip", heavy._id, "rude or harassing");

    expect((await visitor().get("/api/moderation/queue")).status).toBe(401);
    expect((await (a as NonNullable<typeof a>).client.get("/api/moderation/queue")).status).toBe(403);
    const queue = await moderator.client.get("/api/moderation/queue?limit=100", { schema: Queue });
    const ours = queue.body.filter((item) => [light._id, heavy._id].includes(item.targetId));
    expect(ours.map((item) => [item.targetId, item.weight])).toEqual([
      [heavy._id, 4],
      [light._id, 0],
    ]);
    const item = ours[0];
    expect(item).toMatchObject({
      targetType: "tip",
      overdue: false,
      item: { gone: false, hidden: true, title: heavy.title, path: `/tips/${heavy._id}` },
      author: { handle: heavy.authorHandle, held: false, suspendedUntil: null },
      history: [],
    });
    expect(item?.reports.map((report) => [report.reason, report.note, report.weight])).toEqual([
      ["rude or harassing", `About ${heavy._id}`, 2],
      ["rude or harassing", `About ${heavy._id}`, 2],
    ]);
    // Who reported, as the moderator weighs them: a month's member each, with their own address.
    for (const report of item?.reports ?? []) {
      expect(report.reporter.sharesAddress).toBe(false);
      expect(Date.now() - Date.parse(report.reporter.joinedAt)).toBeGreaterThan(30 * 86_400_000);
    }
    expect((await moderator.client.get("/api/moderation/queue?limit=0")).status).toBe(400);
  });
});

describe("the number waiting", () => {
  it("counts the cases the caller may decide, for the team only, and falls as they are decided", async () => {
    const waiting = async (client = moderator.client) => {
      const res = await client.get("/api/moderation/queue/count", { schema: QueueCountSchema });
      expect(res.status).toBe(200);
      return res.body.waiting;
    };
    const queued = async () =>
      (await moderator.client.get("/api/moderation/queue?limit=100", { schema: Queue })).body.length;
    const before = await waiting();
    expect(before).toBe(await queued());
    const author = await signedInMember(app, { name: "Author" });
    const reporter = await signedInMember(app);
    const tip = await tipBy(author.client);
    await reportAbout(reporter, "tip", tip._id, "off-topic");
    expect(await waiting()).toBe(before + 1);
    // A report about the moderator themselves waits for another: it is not theirs to count.
    const own = await tipBy(moderator.client);
    await reportAbout(reporter, "tip", own._id, "off-topic");
    expect(await waiting()).toBe(before + 1);
    expect(await waiting()).toBe(await queued());

    const item = await queueItemFor(tip._id);
    expect((await decide(item?._id ?? "", { action: "dismiss", reason: "On topic" })).status).toBe(200);
    expect(await waiting()).toBe(before);
    expect((await visitor().get("/api/moderation/queue/count")).status).toBe(401);
    expect((await reporter.client.get("/api/moderation/queue/count")).status).toBe(403);
  });

  it("weighs a case and counts it waiting as its open reports say, whatever takes a report away", async () => {
    const administrator = await memberWithRole(app, "administrator");
    const waiting = async (client: TestClient) =>
      (await client.get("/api/moderation/queue/count", { schema: QueueCountSchema })).body.waiting;
    /** What every open case waits on, counted from the reports: the figures the kept ones must equal. */
    const counted = async () => {
      const [row] = await rowsOf(
        app.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from moderation_cases c where c.state = 'open'
          and (c.appeal_of is not null or exists (select 1 from reports r where r.case_id = c.id and r.state = 'open'))`,
      );
      return row?.n ?? -1;
    };
    const before = { moderator: await waiting(moderator.client), all: await counted() };
    expect(await waiting(administrator.client)).toBe(before.all);

    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const established = await establishedMember(app);
    const newcomer = await signedInMember(app);
    await reportAbout(established as NonNullable<typeof established>, "tip", tip._id, "off-topic");
    await reportAbout(newcomer, "tip", tip._id, "off-topic");
    expect(await counted()).toBe(before.all + 1);
    expect(await waiting(moderator.client)).toBe(before.moderator + 1);
    expect((await queueItemFor(tip._id))?.weight).toBe(2);

    // The weighty reporter's account goes, and its report with it: the case weighs what is left.
    await app.db.delete(users).where(eq(users.id, (established as NonNullable<typeof established>).id));
    expect((await queueItemFor(tip._id))?.weight).toBe(0);
    expect(await waiting(moderator.client)).toBe(before.moderator + 1);
    // The last report goes too: nothing waits on the case any more.
    await app.db.delete(users).where(eq(users.id, newcomer.id));
    expect(await queueItemFor(tip._id)).toBeUndefined();
    expect(await counted()).toBe(before.all);
    expect(await waiting(moderator.client)).toBe(before.moderator);

    // A case about a moderator waits for administrators only: their count has it, a moderator's does not.
    const colleague = await memberWithRole(app, "moderator");
    const theirs = await tipBy(colleague.client);
    await reportAbout(await signedInMember(app), "tip", theirs._id, "off-topic");
    expect(await waiting(moderator.client)).toBe(before.moderator);
    expect(await waiting(administrator.client)).toBe(await counted());
    expect(
      (await administrator.client.get("/api/moderation/queue?limit=100", { schema: Queue })).body.map(
        (item) => item.targetId,
      ),
    ).toContain(theirs._id);
  });
});

describe("deciding", () => {
  it("dismiss shows a hidden tip again; the reporters are told it was left up; the log keeps who and why", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    const reporters = await Promise.all([1, 2].map(() => establishedMember(app)));
    for (const reporter of reporters) await reportAbout(reporter, "tip", tip._id, "off-topic");
    expect(await hiddenFromVisitors(`/api/tips/${tip._id}`)).toBe(true);
    const item = await queueItemFor(tip._id);
    expect(item?.item.hidden).toBe(true);

    const res = await decide(item?._id ?? "", { action: "dismiss", reason: "On topic: about watering" });
    expect(res.status).toBe(200);
    expect(DecisionSchema.parse(res.body)).toMatchObject({ action: "dismiss", durationHours: null });
    expect((await visitor().get(`/api/tips/${tip._id}`)).status).toBe(200);
    expect(await queueItemFor(tip._id)).toBeUndefined();
    expect(await outcomesOf(reporters[0] as NonNullable<(typeof reporters)[0]>, tip._id)).toEqual([
      ["closed", "kept"],
    ]);
    const log = await moderator.client.get(`/api/moderation/log?member=${tip.authorHandle}`, { schema: Log });
    expect(log.body[0]).toMatchObject({
      action: "dismiss",
      reason: "On topic: about watering",
      target: { type: "tip", id: tip._id },
      after: { decision: "dismiss", hidden: false },
    });
  });

  it("hide keeps it hidden, delete removes it; both tell the reporters it was removed", async () => {
    const author = await signedInMember(app);
    const kept = await tipBy(author.client);
    const host = await tipBy(author.client);
    const commenter = await signedInMember(app);
    const comment = await commenter.client.post(
      `/api/tips/${host._id}/comments`,
      { body: "Rude words here" },
      { schema: CommentSchema },
    );
    const reporter = await signedInMember(app);
    await reportAbout(reporter, "tip", kept._id, "rude or harassing");
    await reportAbout(reporter, "comment", comment.body._id, "rude or harassing");

    const hide = await decide((await queueItemFor(kept._id))?._id ?? "", {
      action: "hide",
      reason: "Insults",
    });
    expect(hide.status).toBe(200);
    expect(await hiddenFromVisitors(`/api/tips/${kept._id}`, REMOVED_BY_MODERATORS)).toBe(true);
    // While its case is open a reported comment reads "Hidden pending review"; a hide decision makes it
    // "Removed by the moderators" in its thread.
    const rude = await commenter.client.post(
      `/api/tips/${host._id}/comments`,
      { body: "More rude words" },
      {
        schema: CommentSchema,
      },
    );
    const [firstElder, secondElder] = await Promise.all([establishedMember(app), establishedMember(app)]);
    for (const elder of [firstElder, secondElder])
      await reportAbout(elder, "comment", rude.body._id, "rude or harassing");
    const placeholder = async () =>
      (await visitor().get(`/api/tips/${host._id}/comments`, { schema: z.array(CommentSchema) })).body.find(
        (c) => c._id === rude.body._id,
      );
    expect(await placeholder()).toMatchObject({ hidden: true, removed: false, body: "", author: null });
    expect(
      (await decide((await queueItemFor(rude.body._id))?._id ?? "", { action: "hide", reason: "Insults" }))
        .status,
    ).toBe(200);
    expect(await placeholder()).toMatchObject({ hidden: true, removed: true, body: "", author: null });
    const own = await author.client.get(`/api/tips/${kept._id}`, { schema: TipSchema });
    expect(own.body.hold?.reason).toBe("rude or harassing");

    const remove = await decide((await queueItemFor(comment.body._id))?._id ?? "", {
      action: "delete",
      reason: "Insults",
    });
    expect(remove.status).toBe(200);
    const thread = await visitor().get(`/api/tips/${host._id}/comments`, { schema: z.array(CommentSchema) });
    expect(thread.body.map((c) => c._id)).not.toContain(comment.body._id);
    expect(await outcomesOf(reporter, kept._id)).toEqual([["closed", "removed"]]);
    expect(await outcomesOf(reporter, comment.body._id)).toEqual([["closed", "removed"]]);
  });

  it("two moderators at once: one decides, the other gets 409 with that decision", async () => {
    const secondClient = (await memberWithRole(app, "moderator", { name: "Second" })).client;
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    await reportAbout(await signedInMember(app), "tip", tip._id);
    const caseId = (await queueItemFor(tip._id))?._id ?? "";

    const answers = await Promise.all([
      decide(caseId, { action: "hide", reason: "Spam link" }),
      decide(caseId, { action: "dismiss", reason: "Looks fine" }, secondClient),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const won = answers.find((res) => res.status === 200);
    const lost = answers.find((res) => res.status === 409);
    const first = DecisionSchema.parse(won?.body);
    expect((lost?.body as { message?: string } | undefined)?.message).toBe(
      `Another moderator has just decided this item: ${first.action}, by ${first.moderator}, because “${first.reason}”`,
    );
  });

  it("suspend ends the author's sessions and refuses sign-in until it ends; their posts are hidden meanwhile", async () => {
    const spammer = await signedInMember(app);
    const tip = await tipBy(spammer.client);
    const other = await tipBy(spammer.client);
    await reportAbout(await signedInMember(app), "tip", tip._id);
    const res = await decide((await queueItemFor(tip._id))?._id ?? "", {
      action: "suspend",
      reason: "Advertising",
      durationHours: 72,
    });
    expect(res.status).toBe(200);
    expect(DecisionSchema.parse(res.body).durationHours).toBe(72);

    const session = await spammer.client.get("/api/auth/get-session");
    expect(session.body).toBeNull();
    const signIn = await createClient(app.app).post("/api/auth/sign-in/email", spammer.account);
    expect(signIn.status).toBe(403);
    expect((signIn.body as { message: string }).message).toMatch(
      /^Your account is suspended by the moderators until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. The e-mail we sent you about it says why, and has the link to appeal\.$/,
    );
    expect(await hiddenFromVisitors(`/api/tips/${other._id}`, REMOVED_BY_MODERATORS)).toBe(true);
    const [row] = await app.db
      .select({ until: users.suspendedUntil })
      .from(users)
      .where(eq(users.id, spammer.id));
    const hours = ((row?.until?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    // Once its time has passed, the suspension ends and the untouched tip shows again.
    await app.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, spammer.id));
    expect(await endSuspensions(app.db)).toBeGreaterThanOrEqual(1);
    expect((await createClient(app.app).post("/api/auth/sign-in/email", spammer.account)).status).toBe(200);
    expect((await visitor().get(`/api/tips/${other._id}`)).status).toBe(200);
    expect(await hiddenFromVisitors(`/api/tips/${tip._id}`, REMOVED_BY_MODERATORS)).toBe(true);
  });

  it("an indefinite suspension has no end", async () => {
    const spammer = await signedInMember(app);
    const tip = await tipBy(spammer.client);
    await reportAbout(await signedInMember(app), "tip", tip._id);
    const res = await decide((await queueItemFor(tip._id))?._id ?? "", {
      action: "suspend",
      reason: "Repeated spam",
    });
    expect(res.status).toBe(200);
    expect(await endSuspensions(app.db)).toBe(0);
    const signIn = await createClient(app.app).post("/api/auth/sign-in/email", spammer.account);
    expect(signIn.status).toBe(403);
    expect((signIn.body as { message: string }).message).toBe(
      "Your account is suspended by the moderators. The e-mail we sent you about it says why, and has the link to appeal.",
    );
  });

  it("dismissing spam reports lifts the account's hold: a moderator has looked at it", async () => {
    const author = await signedInMember(app);
    const tips = [await tipBy(author.client), await tipBy(author.client), await tipBy(author.client)];
    for (const tip of tips) await reportAbout(await establishedMember(app), "tip", tip._id);
    expect(await hiddenFromVisitors(`/api/tips/${tips[0]?._id}`)).toBe(true);
    const res = await decide((await queueItemFor(tips[0]?._id ?? ""))?._id ?? "", {
      action: "dismiss",
      reason: "Not spam: a real tip",
    });
    expect(res.status).toBe(200);
    for (const tip of tips) expect((await visitor().get(`/api/tips/${tip._id}`)).status).toBe(200);
    const session = await author.client.get("/api/auth/get-session");
    expect((session.body as { user: { held: boolean } }).user.held).toBe(false);
  });

  it("refuses a decision without a reason, a length for anything but suspend, and an unknown item", async () => {
    const author = await signedInMember(app);
    const tip = await tipBy(author.client);
    await reportAbout(await signedInMember(app), "tip", tip._id);
    const caseId = (await queueItemFor(tip._id))?._id ?? "";
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: "hide" }, "reason"],
      [{ action: "hide", reason: "  " }, "reason"],
      [{ action: "ban", reason: "Spam" }, "action"],
      [{ action: "hide", reason: "Spam", durationHours: 24 }, "durationHours"],
      [{ action: "suspend", reason: "Spam", durationHours: 5 }, "durationHours"],
    ];
    for (const [body, field] of cases) {
      const res = await decide(caseId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { issues: Array<{ path: string }> }).issues[0]?.path).toBe(field);
    }
    // Nothing was decided by those.
    expect(await queueItemFor(tip._id)).toBeDefined();
    expect(
      (await decide("00000000-0000-4000-9000-000000000000", { action: "hide", reason: "Spam" })).status,
    ).toBe(404);
    expect((await decide("not-a-case", { action: "hide", reason: "Spam" })).status).toBe(404);
  });
});
